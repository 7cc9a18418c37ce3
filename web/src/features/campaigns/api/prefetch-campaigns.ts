import type { QueryClient } from '@tanstack/react-query';
import { driveHealthQueryOptions } from './get-drive-health';
import { campaignsQueryOptions } from './list-campaigns';

/** For the top-nav hover: warms the Campaigns screen's queries (fresh data is skipped). */
export const prefetchCampaigns = (queryClient: QueryClient) =>
  Promise.all([queryClient.prefetchQuery(campaignsQueryOptions()), queryClient.prefetchQuery(driveHealthQueryOptions())]);
