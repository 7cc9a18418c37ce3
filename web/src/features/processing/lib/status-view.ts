import { formatStatusDateRange } from '../../../../../shared/format/date-range-label';
import { messages } from '../../../../../shared/messages';
import type { ProcessingStatus } from '../api/processing-types';

export type StatusBarView = {
  label: string;
  /** null in the cancelling phase (the Cancel button says it) and when no phase is reported. */
  phaseText: string | null;
  progressText: string;
  percent: number;
  percentText: string;
  subject: string | null;
  cancelling: boolean;
};

const phaseText = (status: ProcessingStatus): string | null => {
  const { phase } = status;
  if (!phase || phase === 'cancelling') return null;
  const text = messages.processing.phases[phase];
  return phase === 'syncing_sheets' ? `${text} ${messages.processing.threadsDone(status.progress.completed)}` : text;
};

/** Everything the status bar prints, from one status snapshot. */
export const statusBarView = (status: ProcessingStatus, now: Date = new Date()): StatusBarView => {
  const percent = Math.round(status.progress.percent);
  return {
    label: formatStatusDateRange(status.operation_label, now),
    phaseText: phaseText(status),
    progressText: messages.processing.threadsProgress(status.progress.completed, status.progress.total),
    percent,
    percentText: messages.processing.percent(percent),
    subject: status.current_thread?.subject ?? null,
    cancelling: status.phase === 'cancelling',
  };
};

export type ElapsedClock = {
  /** Server-reported elapsed seconds at `receivedAt`, when given. */
  serverSeconds: number | null;
  receivedAt: number;
  /** When this client first saw the job, the fallback origin. */
  firstSeenAt: number;
};

/** Seconds to show at `now`: the server's count plus the time since it arrived, else local. */
export const elapsedSecondsAt = ({ serverSeconds, receivedAt, firstSeenAt }: ElapsedClock, now: number): number =>
  serverSeconds === null
    ? Math.max(0, Math.floor((now - firstSeenAt) / 1000))
    : Math.max(0, Math.floor(serverSeconds + (now - receivedAt) / 1000));
