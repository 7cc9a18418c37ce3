import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../shared/constants';
import { monitorMetricsResponse, type MonitorMetricsResponse } from '../../../../../shared/schemas/processing';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { dashboardKeys } from './dashboard-keys';
import { messages } from '../../../../../shared/messages';

/** The periodic monitor's last cycle (GET /api/v3/monitor/metrics, under data). */
export type MonitorMetrics = MonitorMetricsResponse['data'];

export const getMonitorMetrics = async ({ signal }: { signal?: AbortSignal } = {}): Promise<MonitorMetrics> =>
  parseResponse(monitorMetricsResponse, await api.get<unknown>('/api/v3/monitor/metrics', { signal, fallback: messages.fallback.monitoringMetrics })).data;

/** Fetched on load, then every 15 s while the panel is mounted (leaving the page stops it). */
export const monitorMetricsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.monitorMetrics(),
    queryFn: ({ signal }) => getMonitorMetrics({ signal }),
    staleTime: 0,
    refetchInterval: TIMING.metricsPollMs,
  });

export const useMonitorMetrics = () => useQuery(monitorMetricsQueryOptions());
