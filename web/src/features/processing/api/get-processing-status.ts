import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../shared/constants';
import { processingStatusResponse } from '../../../../../shared/schemas/processing';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { processingKeys } from './processing-keys';
import { statusPollInterval } from '../lib/poll-interval';
import type { ProcessingStatus } from './processing-types';
import { messages } from '../../../../../shared/messages';

export const getProcessingStatus = async ({ signal }: { signal?: AbortSignal } = {}): Promise<ProcessingStatus> =>
  // No retry helper: the status is polled, and the next poll is the retry.
  parseResponse(processingStatusResponse, await api.get<unknown>('/api/v3/status', { signal, retry: false, fallback: messages.fallback.processingStatus }));

/**
 * Polled every second while a job runs (or just ended, or was just started from this tab), and
 * every 10 s when idle, so a job started by the monitor or a colleague shows within 10 s and the
 * change counters it carries keep open screens live (web/src/app/live-refresh.ts). The status bar, the dashboard and the guard share this one entry; every observer
 * carries the same interval, and react-query restarts all their timers on each update, so they
 * tick together and one request serves them all.
 */
export const processingStatusQueryOptions = () =>
  queryOptions({
    queryKey: processingKeys.status(),
    queryFn: ({ signal }) => getProcessingStatus({ signal }),
    staleTime: TIMING.cache.realtimeMs,
    refetchInterval: (query) => statusPollInterval(query.state.data),
    // A tab coming back asks at once: its change counters tell the open screen what it missed.
    refetchOnWindowFocus: 'always',
    // The next poll is the retry.
    retry: false,
  });

export const useProcessingStatus = () => useQuery(processingStatusQueryOptions());

/** True while a job runs, for callers that only gate on it (dashboard buttons, metrics polling). */
export const useIsProcessing = (): boolean => useProcessingStatus().data?.is_processing === true;
