import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../shared/constants';
import type { MonitorMetricsResponse } from '../../../../../shared/schemas/processing';
import { messages } from '../../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** The periodic monitor's last cycle (GET /api/v3/monitor/metrics, under data). */
export type MonitorMetrics = MonitorMetricsResponse['data'];

type RawResponse = {
  status?: string;
  message?: string;
  data?: Partial<{ [K in keyof MonitorMetrics]: MonitorMetrics[K] | null }> | null;
};

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export const getMonitorMetrics = async ({ signal }: { signal?: AbortSignal } = {}): Promise<MonitorMetrics> => {
  const raw = await api.get<RawResponse | undefined>('/api/v3/monitor/metrics', { signal });
  const data = raw?.data;
  if (!raw || raw.status !== 'success' || !data) throw new Error(raw?.message || messages.fallback.monitoringMetrics);
  return {
    is_processing: data.is_processing === true,
    last_check: data.last_check || null,
    next_check_at: data.next_check_at || null,
    next_check_in_seconds: typeof data.next_check_in_seconds === 'number' ? data.next_check_in_seconds : null,
    threads_in_last_check: num(data.threads_in_last_check),
    messages_in_last_check: num(data.messages_in_last_check),
    tracked_conversations: num(data.tracked_conversations),
  };
};

/** Fetched on load, then every 15 s while the panel is mounted (leaving the page stops it). */
export const monitorMetricsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.monitorMetrics(),
    queryFn: ({ signal }) => getMonitorMetrics({ signal }),
    staleTime: 0,
    refetchInterval: TIMING.metricsPollMs,
  });

export const useMonitorMetrics = () => useQuery(monitorMetricsQueryOptions());
