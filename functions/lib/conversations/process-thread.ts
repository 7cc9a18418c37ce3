import { gmailThreadLink } from '../google/links';
import { messages as catalogue } from '../../../shared/messages';
import { errorMessage, logger } from '../logger';
import { Transient } from '../tasks/transient';
import type { ThreadRef } from '../store/entities/job';
import { noteFailedThread } from '../processing/job-store';
import { clip, STORED_LIMITS } from '../mail/limits';
import type { Failure } from './analyse';
import { analyseFresh } from './thread-steps/analyse-fresh';
import { attribute } from './thread-steps/attribute';
import { findDates } from './thread-steps/dates';
import { fetchThread } from './thread-steps/fetch';
import { fileUnderThread } from './thread-steps/file-under-thread';
import { recompute, recordMailboxCopy } from './thread-steps/recompute';
import { nextThreadItem, saveMessageChanges, saveThread } from './thread-steps/save';
import { summarise } from './thread-steps/summarise';
import type { ThreadFailure, ThreadOutcome, ThreadWork } from './thread-steps/types';

export type { ThreadFailure, ThreadOutcome, ThreadWork } from './thread-steps/types';

export const gmailLink = (ref: ThreadRef) => gmailThreadLink(ref.mailbox, ref.threadId);

const none = (result: ThreadOutcome['result']): ThreadOutcome => ({ result, tokens: 0, messages: 0, campaigns: [] });

/**
 * One mailbox copy of a Gmail thread, step by step (./thread-steps): fetch it, file it under its
 * conversation thread, attribute the thread, analyse only messages no mailbox of the agency
 * brought before, update the stored ones, extract key dates, summarise, save, and rebuild the
 * conversations it belongs to.
 */
const processThreadOnce = async (work: ThreadWork, ref: ThreadRef): Promise<ThreadOutcome> => {
  const fetched = await fetchThread(work, ref);
  if (fetched.skip) return none(fetched.skip);
  const { parsed, subject } = fetched;
  const filed = await fileUnderThread(work, ref, parsed);
  const attributed = await attribute(work.directory, filed);
  const { plan } = attributed;
  if (plan.attribution.kind === 'none' && !filed.stored) return none('ignored');

  const analysis = await analyseFresh(work, ref, filed, attributed);
  await saveMessageChanges(work.agencyName, ref, filed, attributed);
  const found = await findDates(work, filed.fresh, attributed.sideContext);
  const summarised = await summarise(work.call, work.settings, {
    stored: filed.stored,
    storedMessages: filed.storedMessages.values(),
    created: analysis.created,
    context: { subject, talents: [plan.talentLabel], campaigns: [plan.campaignLabel] },
  });
  const failures = [found.failure, summarised.failure].filter((f): f is Failure => Boolean(f));
  const tokens = analysis.tokens + found.tokens + summarised.tokens;
  const next = nextThreadItem(work.agencyName, ref, subject, filed, attributed, { created: analysis.created, summary: summarised.summary, dates: found.dates, failures, tokens });

  const copy = `${ref.mailbox}|${ref.threadId}`;
  const changed = filed.fresh.length > 0 || filed.newCopies.length > 0 || attributed.resided.length > 0 || !filed.stored || plan.changed || !(filed.stored.copies ?? []).includes(copy);
  if (changed) await saveThread(filed.stored, next);
  const conversations = changed ? await recompute(work.agencyName, filed.stored, next) : [];
  await recordMailboxCopy(work, ref, { parsed, subject, next, primary: conversations[0], campaignIds: plan.campaignIds, tokens });
  // A copy that only adds a mailbox changes no content: the campaign's status line is not asked again.
  const contentChanged = filed.fresh.length > 0 || attributed.resided.length > 0 || plan.changed || !filed.stored;
  return { result: changed ? 'updated' : 'unchanged', tokens, messages: analysis.analysed, campaigns: contentChanged ? plan.campaignIds : [] };
};

/* ---------- one bad thread never fails the job ---------- */

// Names the state machine retries (infra/processing.asl.json): these are thrown as they are.
const RETRIED = new Set(['RateLimited', 'UpstreamError', 'Transient']);
// About the whole job or mailbox, not this thread (key, quota, Google access): thrown as they are.
const JOB_LEVEL = new Set(['OpenAIKeyInvalid', 'QuotaExceeded', 'GoogleAuthRevoked', 'GooglePermissionDenied', 'NoGoogleGrant', 'MissingApiKey', 'NoConnectedMailbox', 'WaitTooLong']);
// AWS and network failures that pass with time: thrown as Transient, so the state machine retries.
const AWS_TRANSIENT = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TransactionConflictException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const NETWORK_CODES = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

type ErrorLike = { name?: string; code?: string; message?: string; cause?: unknown; $retryable?: unknown; $metadata?: { httpStatusCode?: number } };

/** The error and the ones it wraps (ElectroDB wraps the SDK's), outermost first. */
const chainOf = (error: unknown): ErrorLike[] => {
  const chain: ErrorLike[] = [];
  for (let current: unknown = error; current && typeof current === 'object' && chain.length < 5; current = (current as ErrorLike).cause) chain.push(current as ErrorLike);
  return chain;
};

const isTransientInfrastructure = (e: ErrorLike): boolean =>
  Boolean(e.$retryable) ||
  AWS_TRANSIENT.has(e.name ?? '') ||
  NETWORK_CODES.has(e.code ?? '') ||
  (e.$metadata?.httpStatusCode ?? 0) >= 500;

const reasons = catalogue.processing.threadFailedReasons;

/** Why a thread failed, for people: never the raw error (that goes to the log). */
const readableReason = (chain: ErrorLike[]): string => {
  const names = new Set(chain.map((e) => e.name ?? ''));
  const text = chain.map((e) => e.message ?? '').join(' ');
  if (/item size has exceeded|item size to update has exceeded|exceeds? the maximum (?:allowed )?(?:item )?size/i.test(text)) return reasons.tooLarge;
  if (names.has('GoogleRequestRejected')) return reasons.gmailRefused;
  if (names.has('AiRequestRejected')) return reasons.modelRefused;
  if (names.has('AiInvalidOutput') || names.has('AiOutputTruncated')) return reasons.modelUnusable;
  return reasons.unexpected;
};

const recordOnJob = (work: ThreadWork) => async (failure: ThreadFailure) =>
  noteFailedThread(work.agencyName, work.jobId, catalogue.processing.threadFailed(failure.subject || failure.ref.threadId, failure.reason));

/**
 * One mailbox copy of a Gmail thread (processThreadOnce above), so that one bad thread never
 * fails the job: an error that is neither transient (retried by the state machine) nor about the
 * whole job is logged, recorded as a failed thread with a reason a person can read (by default on
 * the job, which the status reports), and the batch goes on with the next thread.
 */
export const processThread = async (work: ThreadWork, ref: ThreadRef): Promise<ThreadOutcome> => {
  let subject = '';
  try {
    return await processThreadOnce(
      {
        ...work,
        onSubject: async (current) => {
          subject = current;
          await work.onSubject?.(current);
        },
      },
      ref,
    );
  } catch (error) {
    const chain = chainOf(error);
    const outer = chain[0] ?? {};
    if (RETRIED.has(outer.name ?? '') || JOB_LEVEL.has(outer.name ?? '')) throw error;
    if (chain.some(isTransientInfrastructure)) throw new Transient(`Thread ${ref.threadId}: ${errorMessage(error)}`.slice(0, 500));
    const reason = readableReason(chain);
    logger.warn('thread not processed', { agency: work.agencyName, jobId: work.jobId, mailbox: ref.mailbox, threadId: ref.threadId, reason, error: errorMessage(error).slice(0, 500) });
    const failure: ThreadFailure = { ref, subject: clip(subject, STORED_LIMITS.subject), reason };
    await (work.onFailure ?? recordOnJob(work))(failure);
    return { result: 'failed', tokens: 0, messages: 0, campaigns: [], reason };
  }
};
