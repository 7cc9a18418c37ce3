import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/query-client';
import { authKeys } from './auth-keys';

export type AuthUser = { email: string; name?: string | null; picture?: string | null };

export type AuthStatus = {
  authenticated: boolean;
  user?: AuthUser;
  /** The agency's slug (its id in URLs and calls). */
  agency_name?: string | null;
  /** The agency's name as its people typed it; the slug when the server has none. */
  agency_display_name?: string | null;
  membership_role?: Role | null;
  pending_agency?: boolean;
  has_pending_tokens?: boolean;
};

export const getAuthStatus = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<AuthStatus>('/auth/status', { signal });

export const authStatusQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.status(),
    queryFn: ({ signal }) => getAuthStatus({ signal }),
    // Entity data: a 401 anywhere, a sign-in, a switch or a new agency refreshes it at once.
    staleTime: CACHE_TIMES.entity,
  });

export const useAuthStatus = () => useQuery(authStatusQueryOptions());
