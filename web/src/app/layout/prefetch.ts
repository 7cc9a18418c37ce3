import type { QueryClient } from '@tanstack/react-query';
import { apiKeyStatusQueryOptions } from '../../features/api-keys/api/get-api-key-status';
import { authStatusQueryOptions } from '../../features/auth/api/get-auth-status';
import { prefetchDashboard } from '../../features/dashboard/api/prefetch-dashboard';
import { membersQueryOptions } from '../../features/members/api/list-members';
import { prefetchCampaigns } from '../../features/campaigns/api/prefetch-campaigns';
import { prefetchContacts } from '../../features/contacts/api/prefetch-contacts';

export type NavPath = '/' | '/campaigns' | '/contacts' | '/settings';

const PREFETCH: Record<NavPath, (client: QueryClient) => Promise<unknown>[]> = {
  '/': (client) => [
    client.prefetchQuery(authStatusQueryOptions()),
    client.prefetchQuery(apiKeyStatusQueryOptions()),
    prefetchDashboard(client),
  ],
  '/campaigns': (client) => [client.prefetchQuery(authStatusQueryOptions()), prefetchCampaigns(client)],
  '/contacts': (client) => [client.prefetchQuery(authStatusQueryOptions()), prefetchContacts(client)],
  '/settings': (client) => [client.prefetchQuery(authStatusQueryOptions()), client.prefetchQuery(membersQueryOptions())],
};

/** Warms the page's queries on hover; prefetchQuery skips data that is still fresh. */
export const prefetchPage = (client: QueryClient, path: NavPath) => Promise.all(PREFETCH[path](client));
