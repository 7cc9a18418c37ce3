import { logger } from '../logger';
import { readSettings } from '../settings/store';
import { jobBatchEntity, jobEntity, type JobItem, type ThreadRef } from '../store/entities/job';
import { epochSeconds, nowIso } from '../store/keys';
import { consentTerms, readConsents, type MailboxConsent } from '../mailboxes/consent';
import { accessProblem, recordMailboxCheck } from '../mailboxes/health';
import { activeMemberEmails, addressesOf, agencyContacts, buildContactIndex } from './agency-context';
import { NoConnectedMailbox } from './errors';
import { gmailClients } from './gmail-clients';
import { buildQueries, MAX_QUERY_CHARS, scanBounds, type QueryBounds } from './gmail-queries';
import { noteSkippedMailbox, requireJob, setPhase } from './job-store';
import { jobScopeOf, type JobScope } from './labels';
import { renewLease } from './lock';
import { laneItems, type Lane } from './lanes';
import { coverageOf, refId, unchangedRefs } from './thread-freshness';
import { BATCH_SIZE } from './throughput';

/** 100 threads a page: a query lists up to 100,000 threads (a 50,000-thread job lists in ~500 pages, well inside the task's time). */
const MAX_PAGES_PER_QUERY = 1_000;
const BATCH_TTL_SECONDS = 7 * 24 * 3600;

/** The Map's lanes (a few small items whatever the thread count): the batches stay in DynamoDB. */
export type FetchResult = { lanes: Lane[]; batches: number; threads_total: number };

/** Queries for one mailbox: the tracked addresses, narrowed to what its owner agreed to share. */
const mailboxQueries = (addresses: string[], bounds: QueryBounds, consent: MailboxConsent): string[] => {
  const terms = consentTerms(consent);
  const narrowed = consent.afterMs !== undefined && (bounds.afterMs === undefined || bounds.afterMs < consent.afterMs) ? { ...bounds, afterMs: consent.afterMs } : bounds;
  return buildQueries(addresses, narrowed, MAX_QUERY_CHARS - terms.length - 1).map((q) => (terms ? `${q} ${terms}` : q));
};

/**
 * The date window a job's threads are processed in: an interval job without include_full_thread
 * reads only the messages inside its dates (batch.ts and the freshness coverage use the same).
 */
export const processingWindow = (scope: JobScope, settings: Awaited<ReturnType<typeof readSettings>>): QueryBounds | undefined =>
  scope.kind === 'interval' && !settings.date_range_processing.include_full_thread
    ? scanBounds({ startDate: scope.start_date, endDate: scope.end_date, oldestScanDays: 0 })
    : undefined;

type Candidates = { refs: ThreadRef[]; unchanged: number };

/**
 * Candidate threads per connected mailbox for the job's scope, deduped by (mailbox, threadId),
 * without the listed threads whose historyId has not moved since they were processed under a
 * covering window (thread-freshness.ts): an unchanged re-run costs only the listing.
 */
const candidateRefs = async (job: JobItem, remainingMs?: () => number): Promise<Candidates> => {
  const listed = await listedRefs(job, remainingMs);
  if (listed.consents.length === 0 || listed.refs.every((r) => !r.historyId)) return { refs: listed.refs, unchanged: 0 };
  const settings = await readSettings({ agencyName: job.agencyName });
  const window = processingWindow(jobScopeOf(job), settings);
  const byMailbox = new Map(listed.consents.map((c) => [c.email, coverageOf(window, c)]));
  const skip = await unchangedRefs(job.agencyName, listed.refs, (mailbox) => byMailbox.get(mailbox) ?? '');
  return { refs: listed.refs.filter((r) => !skip.has(refId(r))), unchanged: skip.size };
};

const listedRefs = async (job: JobItem, remainingMs?: () => number): Promise<{ refs: ThreadRef[]; consents: MailboxConsent[] }> => {
  const scope = jobScopeOf(job);
  const agencyName = job.agencyName;
  const consents = await readConsents(agencyName);
  if (consents.length === 0) throw new NoConnectedMailbox();
  if (scope.kind === 'thread') {
    const targets = scope.mailbox ? consents.filter((c) => c.email === scope.mailbox) : consents;
    return { refs: targets.map((consent) => ({ mailbox: consent.email, threadId: scope.thread_id })), consents: [] };
  }
  const settings = await readSettings({ agencyName });
  const index = buildContactIndex(await agencyContacts(agencyName), await activeMemberEmails(agencyName));
  const contacts =
    scope.kind === 'email'
      ? index.tracked.filter((c) => c.email === scope.email)
      : scope.kind === 'campaign'
        ? index.tracked.filter((c) => c.campaignId === scope.campaign_id)
        : index.tracked;
  const addresses = addressesOf(contacts, index);
  if (addresses.length === 0) return { refs: [], consents };
  const bounds = scanBounds({
    ...(scope.kind === 'interval' ? { startDate: scope.start_date, endDate: scope.end_date } : {}),
    oldestScanDays: settings.processing_limits.oldest_scan_days,
  });
  const gmailFor = gmailClients(remainingMs);
  const seen = new Set<string>();
  const refs: ThreadRef[] = [];
  for (const consent of consents) {
    const mailbox = consent.email;
    try {
      const gmail = await gmailFor(mailbox);
      for (const q of mailboxQueries(addresses, bounds, consent)) {
        const listed = await gmail.listThreads(q, { maxPages: MAX_PAGES_PER_QUERY, pageSize: 100 });
        if (listed.truncated) logger.warn('thread listing truncated', { mailbox, pages: MAX_PAGES_PER_QUERY });
        for (const thread of listed.items) {
          const key = `${mailbox}#${thread.id}`;
          if (!thread.id || seen.has(key)) continue;
          seen.add(key);
          refs.push({ mailbox, threadId: thread.id, ...(thread.historyId ? { historyId: thread.historyId } : {}) });
        }
      }
    } catch (error) {
      // One mailbox whose owner revoked access must not stop the others: it is skipped, and says why.
      const problem = accessProblem(error);
      if (!problem) throw error;
      logger.warn('mailbox skipped: no usable Google access', { mailbox, health: problem.health });
      await recordMailboxCheck(agencyName, mailbox, problem);
      await noteSkippedMailbox(agencyName, job.jobId, mailbox, problem.detail);
    }
  }
  return { refs, consents };
};

export const writeBatches = async (agencyName: string, jobId: string, refs: ThreadRef[]): Promise<number> => {
  const expires = epochSeconds(Date.now()) + BATCH_TTL_SECONDS;
  const items = [];
  for (let i = 0; i * BATCH_SIZE < refs.length; i += 1) {
    items.push({ agencyName, jobId, index: i, refs: refs.slice(i * BATCH_SIZE, (i + 1) * BATCH_SIZE), expires_at_epoch: expires });
  }
  for (let i = 0; i < items.length; i += 25) {
    const { unprocessed } = await jobBatchEntity.put(items.slice(i, i + 25)).go();
    if (unprocessed.length) throw new Error('Some thread batches could not be saved');
  }
  return items.length;
};

/** JobFetch: list, dedupe, store the refs in batch items, record the total. Safe to retry. */
export const fetchJobThreads = async (agencyName: string, jobId: string, remainingMs?: () => number): Promise<FetchResult> => {
  const job = await requireJob(agencyName, jobId);
  if (job.status !== 'running') return { lanes: [], batches: 0, threads_total: 0 };
  await setPhase(agencyName, jobId, 'fetching');
  await renewLease(agencyName, jobId);
  let batchCount: number;
  let total: number;
  if (job.kind === 'monitor') {
    // The monitor tick already wrote the refs it found (history.list) before starting the job.
    batchCount = job.batchCount ?? 0;
    total = job.threadsTotal ?? 0;
  } else {
    const { refs, unchanged } = await candidateRefs(job, remainingMs);
    batchCount = await writeBatches(agencyName, jobId, refs);
    // Unchanged threads are part of the job and done already: progress counts them (SET, not ADD:
    // no batch has run before the fetch, and a retried fetch sets the same).
    total = refs.length + unchanged;
    await jobEntity
      .patch({ agencyName, jobId })
      .set({ threadsTotal: total, threadsCompleted: unchanged, threadsUnchanged: unchanged, batchCount, updatedAt: nowIso() })
      .go({ response: 'none' });
    if (unchanged) logger.info('unchanged threads not fetched again', { agency: agencyName, jobId, unchanged });
  }
  logger.info('job threads fetched', { agency: agencyName, jobId, threads: total, batches: batchCount });
  return { lanes: laneItems(batchCount), batches: batchCount, threads_total: total };
};
