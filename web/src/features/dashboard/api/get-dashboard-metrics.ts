import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../shared/constants';
import { dashboardMetricsResponse, type DashboardMetricsResponse } from '../../../../../shared/schemas/processing';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { dashboardKeys } from './dashboard-keys';
import { messages } from '../../../../../shared/messages';

/** The dashboard summary counts (GET /api/v3/metrics). */
export type DashboardMetrics = Omit<DashboardMetricsResponse, 'success'>;

export const getDashboardMetrics = async ({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardMetrics> =>
  parseResponse(dashboardMetricsResponse, await api.get<unknown>('/api/v3/metrics', { signal, fallback: messages.fallback.dashboardMetrics }));

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
