import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** The dashboard summary counts (GET /api/v3/metrics). */
export type DashboardMetrics = {
  totalCampaigns: number;
  totalContacts: number;
  trackingEnabled: number;
  trackedConversations: number;
};

type RawMetrics = Partial<Record<keyof DashboardMetrics, number | null>>;

const count = (value: number | null | undefined): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export const getDashboardMetrics = async ({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardMetrics> => {
  const raw = await api.get<RawMetrics | undefined>('/api/v3/metrics', { signal });
  if (!raw || typeof raw !== 'object') throw new Error(messages.fallback.dashboardMetrics);
  return {
    totalCampaigns: count(raw.totalCampaigns),
    totalContacts: count(raw.totalContacts),
    trackingEnabled: count(raw.trackingEnabled),
    trackedConversations: count(raw.trackedConversations),
  };
};

/** Always stale and refetched on focus; polls fast while a job runs, since its counts move then. */
export const dashboardMetricsQueryOptions = (processing = false) =>
  queryOptions({
    queryKey: dashboardKeys.metrics(),
    queryFn: ({ signal }) => getDashboardMetrics({ signal }),
    staleTime: TIMING.cache.realtimeMs,
    refetchOnWindowFocus: true,
    refetchInterval: processing ? TIMING.polling.fastMs : TIMING.polling.normalMs,
  });

export const useDashboardMetrics = (processing: boolean) => useQuery(dashboardMetricsQueryOptions(processing));
