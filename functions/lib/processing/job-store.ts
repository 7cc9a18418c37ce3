import { createHash } from 'node:crypto';
import { isConditionalFailure } from '../store/conditional-write';
import { jobEntity, jobThreadDoneEntity, type JobItem, type JobPhase, type ThreadRef } from '../store/entities/job';
import { epochSeconds, nowIso } from '../store/keys';

const DONE_TTL_SECONDS = 7 * 24 * 3600;

/** Reads and small conditional updates of a job item; every progress move is an ADD. */
export const getJob = async (agencyName: string, jobId: string): Promise<JobItem | undefined> =>
  (await jobEntity.get({ agencyName, jobId }).go({ consistent: true })).data ?? undefined;

export const requireJob = async (agencyName: string, jobId: string): Promise<JobItem> => {
  const job = await getJob(agencyName, jobId);
  if (!job) throw new Error(`Job ${jobId} of ${agencyName} does not exist`);
  return job;
};

/** Moves a running job to a phase; a job that ended or is being cancelled keeps its phase. */
export const setPhase = async (agencyName: string, jobId: string, phase: JobPhase): Promise<boolean> => {
  try {
    await jobEntity
      .patch({ agencyName, jobId })
      .set({ phase, updatedAt: nowIso() })
      .add({ phasesPassed: [phase] })
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
 * Counts a thread as completed exactly once per job: a marker item JOB#id#DONE#refKey is put
 * only if absent, then the job's counter moves by ADD. Constant work and size per thread (the job
 * item never grows). DynamoDB Local has no transactions here, so the marker goes first: a crash
 * between the two writes can leave one thread uncounted in the progress (shown capped), never
 * counted twice.
 */
export const countThread = async (agencyName: string, jobId: string, ref: ThreadRef): Promise<boolean> => {
  try {
    await jobThreadDoneEntity
      .create({ agencyName, jobId, refKey: refKey(ref), expires_at_epoch: epochSeconds(Date.now()) + DONE_TTL_SECONDS })
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
  await jobEntity.patch({ agencyName, jobId }).add({ threadsCompleted: 1 }).go({ response: 'none' });
  return true;
};

/** Which of these refs this job already counted: one BatchGetItem (a batch holds ≤ BATCH_SIZE refs). */
export const countedRefKeys = async (agencyName: string, jobId: string, refs: ThreadRef[]): Promise<Set<string>> => {
  if (refs.length === 0) return new Set();
  const { data } = await jobThreadDoneEntity
    .get(refs.map((ref) => ({ agencyName, jobId, refKey: refKey(ref) })))
    .go({ consistent: true, attributes: ['refKey'] });
  return new Set(data.map((d) => d.refKey));
};

export const setCurrentThread = async (agencyName: string, jobId: string, subject: string, threadId: string): Promise<void> => {
  await jobEntity
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
  await jobEntity.patch({ agencyName, jobId }).add(add).go({ response: 'none' });
};

export const isCancelled = (job: Pick<JobItem, 'status' | 'cancelRequested'>): boolean => job.status !== 'running' || job.cancelRequested === true;

export const pastDeadline = (job: Pick<JobItem, 'deadlineAt'>, now = Date.now()): boolean => Boolean(job.deadlineAt && Date.parse(job.deadlineAt) <= now);

export const elapsedSeconds = (startedAt: string, now = Date.now()): number => Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));

/** A mailbox the job could not read, and why: the status says so when the job ends. */
export const noteSkippedMailbox = async (agencyName: string, jobId: string, mailbox: string, reason: string): Promise<void> => {
  await jobEntity
    .update({ agencyName, jobId })
    .add({ skippedMailboxes: [`${mailbox}: ${reason}`] })
    .go({ response: 'none' });
};

/** The failed threads a job keeps by name (each ~300 characters): the count goes on past them. */
export const FAILED_THREADS_KEPT = 50;
const FAILED_THREAD_TEXT_MAX = 400;

/**
 * A thread this job could not process (the job goes on with the others): counted, and its
 * readable line ('"subject" could not be processed: why') listed while the list is short, so the
 * job item stays small whatever fails. The lines can be shown as they are.
 */
export const noteFailedThread = async (agencyName: string, jobId: string, text: string): Promise<void> => {
  const entry = text.slice(0, FAILED_THREAD_TEXT_MAX);
  try {
    await jobEntity
      .update({ agencyName, jobId })
      .add({ threadsFailed: 1, failedThreads: [entry] })
      .where((attr, op) => `${op.notExists(attr.failedThreads)} OR ${op.size(attr.failedThreads)} < ${op.escape(FAILED_THREADS_KEPT)}`)
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    await jobEntity.update({ agencyName, jobId }).add({ threadsFailed: 1 }).go({ response: 'none' });
  }
};

/** A warning the job ends with (once per text: a retried Finalize adds nothing). */
export const addJobWarning = async (agencyName: string, jobId: string, text: string): Promise<void> => {
  const entry = text.slice(0, 1_000);
  const job = await getJob(agencyName, jobId);
  if (!job || (job.warnings ?? []).includes(entry)) return;
  await jobEntity
    .patch({ agencyName, jobId })
    .set({ warnings: [...(job.warnings ?? []), entry].slice(-10) })
    .go({ response: 'none' });
};
