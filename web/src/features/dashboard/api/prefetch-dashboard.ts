import type { QueryClient } from '@tanstack/react-query';
import { campaignsQueryOptions } from '../../campaigns/api/list-campaigns';
import { contactsTrackingQueryOptions } from '../../contacts/api/get-contacts-tracking';
import { dashboardMetricsQueryOptions } from './get-dashboard-metrics';
import { monitorMetricsQueryOptions } from './get-monitor-metrics';

/** For the top-nav hover: the dashboard's counts, monitor panel and both dropdowns. */
export const prefetchDashboard = (client: QueryClient) =>
  Promise.all([
    client.prefetchQuery(dashboardMetricsQueryOptions()),
    client.prefetchQuery(monitorMetricsQueryOptions()),
    client.prefetchQuery(campaignsQueryOptions()),
    client.prefetchQuery(contactsTrackingQueryOptions()),
  ]);
