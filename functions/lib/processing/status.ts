import { messages } from '../../../shared/messages';
import { JUST_ENDED_MS } from '../../../shared/constants';
import { percentOf } from '../../../shared/format/timer';
import { IDLE_PROCESSING_STATUS, type ProcessingStatusResponse } from '../../../shared/schemas/processing';
import { lastJobEntity } from '../store/entities/active-job';
import { JOB_PHASES, type JobItem } from '../store/entities/job';
import type { WorkflowEngine } from '../platform/ports';
import { workflowEngine } from '../workflow/engine';
import { elapsedSeconds, getJob } from './job-store';
import { endIfOrphaned } from './jobs';
import { readLock, type HeldLock } from './lock';

const view = (job: JobItem, isProcessing: boolean, now: number): ProcessingStatusResponse => {
  const total = job.threadsTotal ?? 0;
  const completed = Math.min(job.threadsCompleted ?? 0, Math.max(total, job.threadsCompleted ?? 0));
  const end = job.endedAt ? Date.parse(job.endedAt) : now;
  return {
    success: true,
    is_processing: isProcessing,
    operation_label: job.operationLabel || messages.processing.defaultLabel,
    elapsed_seconds: elapsedSeconds(job.startedAt, end),
    task_id: job.jobId,
    phase: job.phase,
    // In the order jobs go through them: a set keeps none.
    phases_passed: JOB_PHASES.filter((phase) => job.phasesPassed?.includes(phase)),
    progress: { threads_total: total, threads_completed: completed, total, completed, percent: percentOf(completed, total) },
    messages_processed: job.messagesSummarised ?? 0,
    current_thread: isProcessing && job.currentThreadId ? { subject: job.currentSubject ?? '', thread_id: job.currentThreadId } : null,
    ...(isProcessing ? {} : { status: job.status, error: job.error ?? null, warnings: jobWarnings(job) }),
  };
};

/** What went wrong in a job that still ended: its own warnings (a failed sheet sync), then the threads and mailboxes it could not read. */
export const jobWarnings = (job: JobItem): string[] => [
  ...(job.warnings ?? []),
  ...((job.threadsFailed ?? 0) > 0 ? [messages.processing.threadsFailed(job.threadsFailed ?? 0)] : []),
  ...[...(job.skippedMailboxes ?? [])].sort().map((entry) => {
    const at = entry.indexOf(': ');
    return at > 0 ? messages.mailboxes.skipped(entry.slice(0, at), entry.slice(at + 2)) : entry;
  }),
];

/**
 * How often one job's execution is asked about (DescribeExecution on AWS) while the status bar
 * polls every second: at most once per LIVENESS_RECHECK_MS per running job and engine.
 */
export const LIVENESS_RECHECK_MS = 5_000;
const seenAlive = new Map<string, number>();
let seenBy: WorkflowEngine | undefined;

/**
 * A running job whose execution is gone is ended here (failed, with a message saying what
 * happened) instead of blocking processing until its lease runs out. True while it still runs.
 */
const stillRunning = async (agencyName: string, job: JobItem, now: number): Promise<boolean> => {
  const engine = workflowEngine();
  if (seenBy !== engine) {
    // Another engine (a restarted local runtime) knows nothing of what the last one saw.
    seenAlive.clear();
    seenBy = engine;
  }
  const last = seenAlive.get(job.jobId);
  if (last !== undefined && now - last < LIVENESS_RECHECK_MS) return true;
  if (await endIfOrphaned(agencyName, job.jobId, job)) {
    seenAlive.delete(job.jobId);
    return false;
  }
  if (seenAlive.size > 1_000) seenAlive.clear();
  seenAlive.set(job.jobId, now);
  return true;
};

/** The lock's job, if it is still running (an orphan is ended on the way); undefined otherwise. */
const activeJob = async (agencyName: string, lock: HeldLock, now: number): Promise<{ job?: JobItem; running: boolean }> => {
  const job = await getJob(agencyName, lock.jobId);
  if (!job) return { running: false };
  if (job.status !== 'running') return { job, running: false };
  if (await stillRunning(agencyName, job, now)) return { job, running: true };
  return { job: await getJob(agencyName, lock.jobId), running: false };
};

/** The active job, or the one that ended in the last few seconds, or idle. */
export const processingStatus = async (agencyName: string, now = Date.now()): Promise<ProcessingStatusResponse> => {
  const lock = await readLock(agencyName);
  if (lock && lock.leaseUntil > now) {
    const { job, running } = await activeJob(agencyName, lock, now);
    if (job) return view(job, running, now);
  }
  const { data: last } = await lastJobEntity.get({ agencyName }).go();
  if (last && now - Date.parse(last.endedAt) < JUST_ENDED_MS) {
    const job = await getJob(agencyName, last.jobId);
    if (job) return view(job, false, now);
  }
  return IDLE_PROCESSING_STATUS;
};

/**
 * Whether a job holds the agency's lock and still runs. The monitor asks it before a check, and a
 * job whose execution is gone is ended on the way; a read-only caller (the metrics route) passes
 * `endOrphans: false` and reads the lock alone.
 */
export const isAgencyProcessing = async (agencyName: string, now = Date.now(), options: { endOrphans?: boolean } = {}): Promise<boolean> => {
  const lock = await readLock(agencyName);
  if (!lock || lock.leaseUntil <= now) return false;
  if (options.endOrphans === false) return true;
  return (await activeJob(agencyName, lock, now)).running;
};
