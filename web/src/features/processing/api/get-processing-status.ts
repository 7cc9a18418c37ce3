import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../shared/constants';
import { clampPercent } from '../../../../../shared/format/timer';
import { messages } from '../../../../../shared/messages';
import { processingStatusResponse, type ProcessingStatusResponse } from '../../../../../shared/schemas/processing';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { processingKeys } from './processing-keys';
import { statusPollInterval } from '../lib/poll-interval';
import type { JobOutcome, ProcessingPhase, ProcessingStatus } from './processing-types';

/** The answer as the shared schema reads it; partial so a test can name only what it needs. */
type RawStatus = Omit<Partial<ProcessingStatusResponse>, 'progress'> & { progress?: Partial<ProcessingStatusResponse['progress'] & object> | null };

const PHASES: readonly ProcessingPhase[] = ['starting', 'initializing', 'fetching', 'syncing_sheets', 'finalizing', 'cancelling'];
const OUTCOMES: readonly JobOutcome[] = ['succeeded', 'failed', 'cancelled'];

const count = (...values: (number | null | undefined)[]): number => {
  const found = values.find((value): value is number => typeof value === 'number' && Number.isFinite(value));
  return found === undefined ? 0 : Math.max(0, found);
};

export const normalizeStatus = (raw: RawStatus): ProcessingStatus => {
  const progress = raw.progress ?? {};
  const total = count(progress.threads_total, progress.total);
  const completed = count(progress.threads_completed, progress.completed);
  const percent =
    typeof progress.percent === 'number' && Number.isFinite(progress.percent)
      ? progress.percent
      : total > 0
        ? (completed / total) * 100
        : 0;
  const phase = PHASES.find((known) => known === raw.phase) ?? null;
  const elapsed = raw.elapsed_seconds;
  const ended = raw.is_processing !== true;
  return {
    is_processing: raw.is_processing === true,
    operation_label: raw.operation_label || messages.processing.defaultLabel,
    elapsed_seconds: typeof elapsed === 'number' && Number.isFinite(elapsed) ? Math.max(0, elapsed) : null,
    task_id: raw.task_id || null,
    phase,
    progress: { total, completed, percent: clampPercent(percent) },
    current_thread: raw.current_thread?.subject
      ? { subject: raw.current_thread.subject, thread_id: raw.current_thread.thread_id || null }
      : null,
    outcome: ended ? (OUTCOMES.find((known) => known === raw.status) ?? null) : null,
    error: ended && raw.error ? raw.error : null,
    warnings: ended ? (raw.warnings ?? []).filter((warning) => warning.trim() !== '') : [],
    messages: typeof raw.messages_processed === 'number' && Number.isFinite(raw.messages_processed) ? Math.max(0, raw.messages_processed) : null,
  };
};

export const getProcessingStatus = async ({ signal }: { signal?: AbortSignal } = {}): Promise<ProcessingStatus> => {
  // No retry helper: the status is polled, and the next poll is the retry.
  return normalizeStatus(parseResponse(processingStatusResponse, await api.get<unknown>('/api/v3/status', { signal, retry: false })));
};

/**
 * Polled every second while a job runs (or just ended, or was just started from this tab), and
 * at the normal 30 s interval when idle, so a job started by the monitor or a colleague shows
 * within 30 s. The status bar, the dashboard and the guard share this one entry; every observer
 * carries the same interval, and react-query restarts all their timers on each update, so they
 * tick together and one request serves them all.
 */
export const processingStatusQueryOptions = () =>
  queryOptions({
    queryKey: processingKeys.status(),
    queryFn: ({ signal }) => getProcessingStatus({ signal }),
    staleTime: TIMING.cache.realtimeMs,
    refetchInterval: (query) => statusPollInterval(query.state.data),
    // The next poll is the retry.
    retry: false,
  });

export const useProcessingStatus = () => useQuery(processingStatusQueryOptions());

/** True while a job runs, for callers that only gate on it (dashboard buttons, metrics polling). */
export const useIsProcessing = (): boolean => useProcessingStatus().data?.is_processing === true;
