import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export type AuthUser = { email: string; name?: string | null; picture?: string | null };

export type AuthStatus = {
  authenticated: boolean;
  user?: AuthUser;
  agency_name?: string | null;
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
  });

export const useAuthStatus = () => useQuery(authStatusQueryOptions());
