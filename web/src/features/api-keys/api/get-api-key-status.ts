import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/query-client';
import { apiKeyKeys } from './api-key-keys';

export type ApiKeyStatus = { success?: boolean; openai: boolean };

export const getApiKeyStatus = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<ApiKeyStatus>('/api/v3/api-keys/status', { signal });

export const apiKeyStatusQueryOptions = () =>
  queryOptions({
    queryKey: apiKeyKeys.status(),
    queryFn: ({ signal }) => getApiKeyStatus({ signal }),
    // Static data: it changes only when a key is saved, which invalidates it.
    staleTime: CACHE_TIMES.static,
  });

export const useApiKeyStatus = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...apiKeyStatusQueryOptions(), enabled: options.enabled ?? true });
