import { formatStatusDateRange } from '../../../../../shared/format/date-range-label';
import { messages } from '../../../../../shared/messages';
import type { ProcessingPhase } from '../../../../../shared/schemas/processing';
import type { ProcessingStatus } from '../api/processing-types';

const DAY_RANGE = /(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})(?! \d{2}:\d{2})/;

/**
 * An operation label with its date range in the spec's form: "Date range YYYY-MM-DD HH:MM to
 * YYYY-MM-DD HH:MM" becomes "Mon D - Mon D", and the range inside this product's own labels
 * ("Processing emails from 2025-11-01 to 2026-11-23") is written the same way ("... from
 * Nov 1, 2025 - Nov 23, 2026"). The year shows only when it is not the current one, on both ends
 * when they differ. One rule for both: shared/format/date-range-label.
 */
export const formatOperationLabel = (label: string, now: Date = new Date()): string => {
  const spec = formatStatusDateRange(label, now);
  if (spec !== label) return spec;
  const match = DAY_RANGE.exec(label);
  if (!match) return label;
  const range = formatStatusDateRange(`Date range ${match[1]} 00:00 to ${match[2]} 00:00`, now);
  return range.startsWith('Date range') ? label : label.replace(match[0], range);
};

export type StatusBarView = {
  label: string;
  /** null in the cancelling phase (the bar words it from the cancel as well) and when no phase is reported. */
  phaseText: string | null;
  progressText: string;
  percent: number;
  percentText: string;
  subject: string | null;
  cancelling: boolean;
  /** the phases already passed (the current one is phaseText) */
  passed: PhaseStep[];
};

/** The phases the bar names while a job runs (cancelling is said by the Cancel button; the ends by the result). */
const PHASE_TEXT: Partial<Record<ProcessingPhase, string>> = messages.processing.phases;

/** The job's label as the bar, the result and the guard write it ("Processing" when the server names none). */
export const operationLabel = (status: ProcessingStatus, now: Date = new Date()): string =>
  formatOperationLabel(status.operation_label || messages.processing.defaultLabel, now);

/** Threads done so far (none before the server counts any). */
export const threadsDone = (status: ProcessingStatus): number => status.progress?.completed ?? 0;

const phaseText = (status: ProcessingStatus): string | null => {
  const text = status.phase ? PHASE_TEXT[status.phase] : undefined;
  if (!text) return null;
  return status.phase === 'syncing_sheets' ? `${text} ${messages.processing.threadsDone(threadsDone(status))}` : text;
};

export type PhaseStep = { phase: ProcessingPhase; text: string; state: 'done' | 'current' };

/**
 * The working phases the job has gone through, in order, the one it is in last: a phase shorter
 * than a poll (a sheet sync of one campaign) still shows as passed. Not in spec.
 */
export const phaseSteps = (status: ProcessingStatus): PhaseStep[] => {
  const passed = new Set<ProcessingPhase>(status.phases_passed ?? []);
  if (status.is_processing && status.phase) passed.add(status.phase);
  return (Object.keys(PHASE_TEXT) as ProcessingPhase[])
    .filter((phase) => phase !== 'starting' && passed.has(phase))
    .map((phase) => {
      const current = status.is_processing && status.phase === phase;
      // A passed phase drops its "...": it is no longer going on.
      const text = PHASE_TEXT[phase] ?? phase;
      return { phase, text: current ? text : text.replace(/\.{3}$/, ''), state: current ? 'current' : 'done' };
    });
};

/** Everything the status bar prints, from one status snapshot. */
export const statusBarView = (status: ProcessingStatus, now: Date = new Date()): StatusBarView => {
  const percent = Math.round(status.progress?.percent ?? 0);
  return {
    label: operationLabel(status, now),
    phaseText: phaseText(status),
    progressText: messages.processing.threadsProgress(threadsDone(status), status.progress?.total ?? 0),
    percent,
    percentText: messages.processing.percent(percent),
    subject: status.current_thread?.subject || null,
    cancelling: status.phase === 'cancelling',
    passed: phaseSteps(status).filter((step) => step.state === 'done'),
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
