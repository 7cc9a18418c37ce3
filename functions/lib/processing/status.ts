import { messages } from '../../../shared/messages';
import type { ProcessingStatusResponse } from '../../../shared/schemas/processing';
import { lastJobEntity } from '../store/entities/active-job';
import type { JobItem } from '../store/entities/job';
import { elapsedSeconds, getJob } from './job-store';
import { readLock } from './lock';

/** How long a job that just ended stays on the status bar (is_processing false). */
export const JUST_ENDED_MS = 8_000;

const IDLE: ProcessingStatusResponse = {
  success: true,
  is_processing: false,
  operation_label: null,
  elapsed_seconds: null,
  task_id: null,
  phase: null,
  progress: null,
  current_thread: null,
};

export const clampPercent = (completed: number, total: number): number =>
  total > 0 ? Math.min(100, Math.max(0, Math.round((completed / total) * 100))) : 0;

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
    progress: { threads_total: total, threads_completed: completed, total, completed, percent: clampPercent(completed, total) },
    messages_processed: job.messagesSummarised ?? 0,
    current_thread: isProcessing && job.currentThreadId ? { subject: job.currentSubject ?? '', thread_id: job.currentThreadId } : null,
    ...(isProcessing ? {} : { status: job.status, error: job.error ?? null }),
  };
};

/** The active job, or the one that ended in the last few seconds, or idle. */
export const processingStatus = async (agencyName: string, now = Date.now()): Promise<ProcessingStatusResponse> => {
  const lock = await readLock(agencyName);
  if (lock && lock.leaseUntil > now) {
    const job = await getJob(agencyName, lock.jobId);
    if (job) return view(job, job.status === 'running', now);
  }
  const { data: last } = await lastJobEntity().get({ agencyName }).go();
  if (last && now - Date.parse(last.endedAt) < JUST_ENDED_MS) {
    const job = await getJob(agencyName, last.jobId);
    if (job) return view(job, false, now);
  }
  return IDLE;
};

export const isAgencyProcessing = async (agencyName: string, now = Date.now()): Promise<boolean> => {
  const lock = await readLock(agencyName);
  return Boolean(lock && lock.leaseUntil > now);
};
