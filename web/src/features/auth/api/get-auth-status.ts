import { queryOptions, useQuery } from '@tanstack/react-query';
import { authStatusResponse, type AuthStatusResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { CACHE_TIMES } from '../../../lib/query-client';
import { authKeys } from './auth-keys';
import { messages } from '../../../../../shared/messages';

export type AuthStatus = AuthStatusResponse;

export const getAuthStatus = async ({ signal }: { signal?: AbortSignal } = {}): Promise<AuthStatus> =>
  parseResponse(authStatusResponse, await api.get<unknown>('/auth/status', { signal, fallback: messages.fallback.sessionStatus }));

export const authStatusQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.status(),
    queryFn: ({ signal }) => getAuthStatus({ signal }),
    // Entity data: a 401 anywhere, a sign-in, a switch or a new agency refreshes it at once.
    staleTime: CACHE_TIMES.entity,
  });

export const useAuthStatus = () => useQuery(authStatusQueryOptions());
