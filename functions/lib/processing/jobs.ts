import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages';
import { Conflict, NotFound, UpstreamError } from '../http/errors';
import { isConditionalFailure } from '../store/conditional-write';
import { logger, errorMessage } from '../logger';
import type { AgencyScope } from '../session/resolve';
import { jobEntity, type JobItem } from '../store/entities/job';
import { nowIso } from '../store/keys';
import { workflowEngine } from '../workflow/engine';
import { elapsedSeconds, getJob } from './job-store';
import { OPERATION_NAMES, operationLabel, startedMessage, type JobScope } from './labels';
import { readLock, recordLastJob, releaseLock, takeLock } from './lock';
import { clearActiveJob, noteActiveJob } from './monitor-registry';

export type StartOptions = {
  startedBy?: string;
  deadlineAt?: string;
  /** runs after the job item exists and before the execution starts (the monitor writes its refs here) */
  prepare?: (jobId: string) => Promise<void>;
  /** a campaign job's campaign name: its label and message name it, not only its id */
  campaignName?: string;
};

/**
 * Lock → job item → execution. Anything failing after the lock is taken marks the job failed
 * and releases the lock, so nothing is left held.
 */
export const startJob = async (agencyName: string, scope: JobScope, options: StartOptions = {}): Promise<{ jobId: string; message: string }> => {
  const jobId = randomUUID();
  const label = operationLabel(scope, options.campaignName);
  const startedAt = nowIso();
  let lock = await takeLock(agencyName, { jobId, operationLabel: label, startedAt });
  // A holder whose execution is gone (a kill -9, a restart) is ended now, not when its lease runs out.
  if (!lock.taken && (await endIfOrphaned(agencyName, lock.holder.jobId))) lock = await takeLock(agencyName, { jobId, operationLabel: label, startedAt });
  if (!lock.taken) {
    const text = messages.processing.alreadyRunning(OPERATION_NAMES[scope.kind], lock.holder.operationLabel, elapsedSeconds(lock.holder.startedAt));
    throw new Conflict(text);
  }
  try {
    await jobEntity
      .create({
        agencyName,
        jobId,
        kind: scope.kind,
        scope,
        operationLabel: label,
        ...(options.startedBy ? { startedBy: options.startedBy } : {}),
        status: 'running',
        phase: 'starting',
        threadsTotal: 0,
        threadsCompleted: 0,
        cancelRequested: false,
        ...(options.deadlineAt ? { deadlineAt: options.deadlineAt } : {}),
        startedAt,
        updatedAt: startedAt,
      })
      .go({ response: 'none' });
    await options.prepare?.(jobId);
    // Registered, with the job as the monitor's busy hint (an idle check reads no lock item).
    await noteActiveJob(agencyName, jobId).catch((error: unknown) => logger.warn('monitor registration failed', { agency: agencyName, error: errorMessage(error) }));
    const { executionId } = await workflowEngine().start({ name: jobId, input: { agencyName, jobId } });
    await jobEntity.patch({ agencyName, jobId }).set({ executionId }).go({ response: 'none' });
  } catch (error) {
    logger.error('job start failed', { agency: agencyName, jobId, error: errorMessage(error) });
    await endJob(agencyName, jobId, 'failed', 'The processing job could not be started').catch(() => undefined);
    await releaseLock(agencyName, jobId).catch(() => undefined);
    throw new UpstreamError('The processing job could not be started. Please try again.');
  }
  return { jobId, message: startedMessage(scope, options.campaignName) };
};

/**
 * Ends a job once: the status moves from running to its outcome (conditional), then the lock
 * is released if it is still this job's. Safe to call again (Finalize retries, the
 * EventBridge rule after FinalizeFailed, a cancel racing the end).
 */
export const endJob = async (agencyName: string, jobId: string, outcome: 'succeeded' | 'failed' | 'cancelled', error?: string): Promise<boolean> => {
  const endedAt = nowIso();
  let ended = false;
  try {
    await jobEntity
      .patch({ agencyName, jobId })
      .set({
        status: outcome,
        phase: outcome === 'succeeded' ? 'completed' : outcome,
        endedAt,
        updatedAt: endedAt,
        ...(error ? { error: error.slice(0, 1000) } : {}),
      })
      .where((attr, op) => op.eq(attr.status, 'running'))
      .go({ response: 'none' });
    ended = true;
  } catch (caught) {
    if (!isConditionalFailure(caught)) throw caught;
  }
  // The just-ended record first: with the lock gone and no record yet, a status poll in between
  // would read "idle" and the status bar would flicker away before showing the ending.
  if (ended) await recordLastJob(agencyName, jobId, endedAt);
  await releaseLock(agencyName, jobId);
  await clearActiveJob(agencyName, jobId).catch((caught: unknown) => logger.warn('monitor busy hint not cleared', { agency: agencyName, error: errorMessage(caught) }));
  return ended;
};

/** How long a job may go without an execution id (its item is written just before StartExecution). */
export const START_GRACE_MS = 60_000;

/**
 * Whether a running job's execution is gone: the engine no longer runs it (on AWS its status is
 * not RUNNING or it does not exist; locally the engine that ran it is gone, e.g. after a restart),
 * or its start never recorded one. When the engine cannot be asked, the job is taken as alive.
 */
export const executionGone = async (job: Pick<JobItem, 'status' | 'executionId' | 'startedAt' | 'jobId'>, now = Date.now()): Promise<boolean> => {
  if (job.status !== 'running') return false;
  if (!job.executionId) return now - Date.parse(job.startedAt) > START_GRACE_MS;
  try {
    return (await workflowEngine().describe(job.executionId)) !== 'running';
  } catch (error) {
    logger.warn('could not ask the workflow engine about an execution; taking it as running', { jobId: job.jobId, error: errorMessage(error) });
    return false;
  }
};

/**
 * Ends a job whose execution is gone, at once: cancelled when a cancel was asked, otherwise failed
 * with a message saying what happened; the lock is released. True when the job was orphaned.
 */
export const endIfOrphaned = async (agencyName: string, jobId: string, job?: JobItem): Promise<boolean> => {
  const current = job ?? (await getJob(agencyName, jobId));
  if (!current) {
    // A lock without its job: nothing will ever release it.
    await releaseLock(agencyName, jobId);
    return true;
  }
  if (!(await executionGone(current))) return false;
  logger.warn('job execution is gone; ending the job', { agency: agencyName, jobId, executionId: current.executionId });
  if (current.cancelRequested) await endJob(agencyName, jobId, 'cancelled');
  else await endJob(agencyName, jobId, 'failed', messages.processing.interrupted);
  return true;
};

/**
 * Cancel: flag the job (phase 'cancelling'), then stop its execution; the release path marks it
 * cancelled and frees the lock. Without an execution to stop (none recorded, or gone), it is
 * ended here, at once.
 */
export const cancelJob = async (scope: AgencyScope, jobId: string): Promise<{ cancelled: boolean; phase: string; message: string }> => {
  const job = await getJob(scope.agencyName, jobId);
  if (!job) throw new NotFound('Task not found');
  if (job.status !== 'running') return { cancelled: false, phase: job.phase, message: 'The task is not running' };
  if (await executionGone(job)) {
    await endJob(scope.agencyName, jobId, 'cancelled');
    return { cancelled: true, phase: 'cancelled', message: messages.processing.cancelledOrphan };
  }
  try {
    await jobEntity
      .patch({ agencyName: scope.agencyName, jobId })
      .set({ cancelRequested: true, phase: 'cancelling', updatedAt: nowIso() })
      .where((attr, op) => op.eq(attr.status, 'running'))
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) return { cancelled: false, phase: job.phase, message: 'The task is not running' };
    throw error;
  }
  let stopped = false;
  if (job.executionId) {
    try {
      await workflowEngine().stop(job.executionId, `Cancelled by ${scope.email}`);
      stopped = true;
    } catch (error) {
      logger.warn('stopping the execution failed; ending the job here', { jobId, error: errorMessage(error) });
    }
  }
  if (!stopped) await endJob(scope.agencyName, jobId, 'cancelled');
  return { cancelled: true, phase: 'cancelling', message: 'Cancellation requested' };
};

export const cancelActiveJob = async (scope: AgencyScope): Promise<{ cancelled: boolean; phase: string | null; message: string; task_id: string | null }> => {
  const lock = await readLock(scope.agencyName);
  if (!lock) return { cancelled: false, phase: null, message: 'No processing job is running', task_id: null };
  return { ...(await cancelJob(scope, lock.jobId)), task_id: lock.jobId };
};

export type { JobItem };
