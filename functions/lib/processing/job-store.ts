import { createHash } from 'node:crypto';
import { isConditionalFailure } from '../identity/store-errors';
import { jobEntity, type JobItem, type JobPhase, type ThreadRef } from '../store/entities/job';
import { nowIso } from '../store/keys';

/** Reads and small conditional updates of a job item; every progress move is an ADD. */
export const getJob = async (agencyName: string, jobId: string): Promise<JobItem | undefined> =>
  (await jobEntity().get({ agencyName, jobId }).go({ consistent: true })).data ?? undefined;

export const requireJob = async (agencyName: string, jobId: string): Promise<JobItem> => {
  const job = await getJob(agencyName, jobId);
  if (!job) throw new Error(`Job ${jobId} of ${agencyName} does not exist`);
  return job;
};

/** Moves a running job to a phase; a job that ended or is being cancelled keeps its phase. */
export const setPhase = async (agencyName: string, jobId: string, phase: JobPhase): Promise<boolean> => {
  try {
    await jobEntity()
      .patch({ agencyName, jobId })
      .set({ phase, updatedAt: nowIso() })
      .where((attr, op) => `${op.eq(attr.status, 'running')} AND ${op.eq(attr.cancelRequested, false)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
};

/** A short, stable key of a thread ref: the job's set of counted threads holds these. */
export const refKey = (ref: ThreadRef): string => createHash('sha256').update(`${ref.mailbox.toLowerCase()}#${ref.threadId}`).digest('base64url').slice(0, 12);

/**
 * Counts a thread as completed exactly once per job: the ADD and the set membership change in
 * one conditional update, so a retried batch (or a retried call) cannot count it twice.
 */
export const countThread = async (agencyName: string, jobId: string, ref: ThreadRef): Promise<boolean> => {
  const key = refKey(ref);
  try {
    await jobEntity()
      .update({ agencyName, jobId })
      .add({ threadsCompleted: 1, countedRefs: [key] })
      .where((attr, op) => op.notContains(attr.countedRefs, key))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
};

export const setCurrentThread = async (agencyName: string, jobId: string, subject: string, threadId: string): Promise<void> => {
  await jobEntity()
    .patch({ agencyName, jobId })
    .set({ currentSubject: subject.slice(0, 300), currentThreadId: threadId })
    .go({ response: 'none' });
};

/** Model spend and the campaigns whose rows must be synced. */
export const addThreadOutcome = async (
  agencyName: string,
  jobId: string,
  outcome: { tokens: number; messages: number; campaigns: string[] },
): Promise<void> => {
  const add: { tokensUsed?: number; messagesSummarised?: number; campaignsTouched?: string[] } = {};
  if (outcome.tokens) add.tokensUsed = outcome.tokens;
  if (outcome.messages) add.messagesSummarised = outcome.messages;
  if (outcome.campaigns.length) add.campaignsTouched = outcome.campaigns;
  if (Object.keys(add).length === 0) return;
  await jobEntity().patch({ agencyName, jobId }).add(add).go({ response: 'none' });
};

export const isCancelled = (job: Pick<JobItem, 'status' | 'cancelRequested'>): boolean => job.status !== 'running' || job.cancelRequested === true;

export const pastDeadline = (job: Pick<JobItem, 'deadlineAt'>, now = Date.now()): boolean => Boolean(job.deadlineAt && Date.parse(job.deadlineAt) <= now);

export const elapsedSeconds = (startedAt: string, now = Date.now()): number => Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
