import { format } from 'date-fns';
import { formatNextCheckIn, formatRelativeTime } from '../../../../../shared/format/relative-time';
import { messages } from '../../../../../shared/messages';
import type { MonitorMetrics } from '../api/get-monitor-metrics';

const text = messages.dashboard.monitoring;

export type MonitoringState = 'error' | 'loading' | 'processing' | 'idle';

export const monitoringState = ({
  error,
  isLoading,
  data,
}: {
  error: unknown;
  isLoading: boolean;
  data: MonitorMetrics | undefined;
}): MonitoringState => {
  if (error) return 'error';
  if (isLoading && !data) return 'loading';
  return data?.is_processing ? 'processing' : 'idle';
};

export const MONITORING_STATE_LABELS: Record<MonitoringState, string> = {
  error: text.error,
  loading: text.loading,
  processing: text.processing,
  idle: text.idle,
};

const readTime = (value: string | null): number | null => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
};

/**
 * Before the first cycle: "Awaiting first run" when a cycle is scheduled, "Not yet run" when
 * nothing is known; then "Just now" / "N minutes ago" ... and "Scheduled" for a future time.
 */
export const lastCheckText = (metrics: MonitorMetrics, now: Date = new Date()): string => {
  const scheduled = metrics.next_check_at !== null || metrics.next_check_in_seconds !== null;
  return formatRelativeTime(metrics.last_check, now, scheduled ? text.awaitingFirstRun : text.notYetRun);
};

/**
 * "Checking for new messages…" during a cycle; otherwise the clock time plus "(in < 1 min)" or
 * "(in ~N min)", counted from next_check_at when readable (the seconds field ages between polls);
 * "Scheduled soon" when neither is known.
 */
export const nextCheckText = (metrics: MonitorMetrics, now: Date = new Date()): string => {
  if (metrics.is_processing) return text.checkingNow;
  const at = readTime(metrics.next_check_at);
  const seconds =
    at !== null ? (at - now.getTime()) / 1000 : metrics.next_check_in_seconds !== null ? metrics.next_check_in_seconds : null;
  if (seconds === null || !Number.isFinite(seconds)) return text.scheduledSoon;
  const when = at ?? now.getTime() + seconds * 1000;
  return `${format(when, 'h:mm a')} ${formatNextCheckIn(Math.max(0, seconds))}`;
};

export const cycleMessagesText = (metrics: MonitorMetrics): string =>
  metrics.messages_in_last_check > 0 ? text.newMessages(metrics.messages_in_last_check) : text.noNewMessages;

/**
 * "Across N thread(s)" after a cycle that found mail; otherwise "Monitoring all tracked threads",
 * unless no mailbox is connected (`mailboxes` 0): then nothing is monitored and nothing is said
 * here (the panel says where to connect one). An unknown count keeps the spec's text.
 */
export const cycleThreadsText = (metrics: MonitorMetrics, mailboxes?: number): string | null => {
  if (metrics.threads_in_last_check > 0) return text.acrossThreads(metrics.threads_in_last_check);
  return mailboxes === 0 ? null : text.allThreads;
};
