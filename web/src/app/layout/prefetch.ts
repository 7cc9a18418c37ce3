import type { QueryClient } from '@tanstack/react-query';
import { apiKeyStatusQueryOptions } from '../../features/api-keys/api/get-api-key-status';
import { authStatusQueryOptions } from '../../features/auth/api/get-auth-status';
import { membersQueryOptions } from '../../features/members/api/list-members';

export type NavPath = '/' | '/campaigns' | '/contacts' | '/settings';

// Pages whose own APIs are not built yet prefetch what they will need at least: the session.
const PREFETCH: Record<NavPath, (client: QueryClient) => Promise<unknown>[]> = {
  '/': (client) => [client.prefetchQuery(authStatusQueryOptions()), client.prefetchQuery(apiKeyStatusQueryOptions())],
  '/campaigns': (client) => [client.prefetchQuery(authStatusQueryOptions())],
  '/contacts': (client) => [client.prefetchQuery(authStatusQueryOptions())],
  '/settings': (client) => [client.prefetchQuery(authStatusQueryOptions()), client.prefetchQuery(membersQueryOptions())],
};

/** Warms the page's queries on hover; prefetchQuery skips data that is still fresh. */
export const prefetchPage = (client: QueryClient, path: NavPath) => Promise.all(PREFETCH[path](client));
