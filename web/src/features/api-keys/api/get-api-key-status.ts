import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyStatusResponse, type ApiKeyStatusResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { CACHE_TIMES } from '../../../lib/query-client';
import { apiKeyKeys } from './api-key-keys';

export type ApiKeyStatus = ApiKeyStatusResponse;

export const getApiKeyStatus = async ({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKeyStatus> =>
  parseResponse(apiKeyStatusResponse, await api.get<unknown>('/api/v3/api-keys/status', { signal }));

export const apiKeyStatusQueryOptions = () =>
  queryOptions({
    queryKey: apiKeyKeys.status(),
    queryFn: ({ signal }) => getApiKeyStatus({ signal }),
    // Static data: it changes only when a key is saved, which invalidates it.
    staleTime: CACHE_TIMES.static,
  });

export const useApiKeyStatus = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...apiKeyStatusQueryOptions(), enabled: options.enabled ?? true });
