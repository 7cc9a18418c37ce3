import { readApiKey } from '../identity/api-keys';
import { logger } from '../logger';
import { readConsent } from '../mailboxes/consent';
import { readSettings } from '../settings/store';
import { jobBatchEntity, type ThreadRef } from '../store/entities/job';
import { loadDirectory } from '../conversations/directory';
import { processThread, type ThreadWork } from '../conversations/process-thread';
import { MissingApiKey } from './errors';
import { gmailClients } from './gmail-clients';
import { processingWindow } from './fetch-threads';
import { addThreadOutcome, countedRefKeys, countThread, getJob, isCancelled, pastDeadline, refKey, setCurrentThread } from './job-store';
import { jobScopeOf } from './labels';
import { renewLease } from './lock';
import { modelCaller } from './model';
import { THREADS_IN_FLIGHT } from './throughput';
import { coverageOf, recordSeen } from './thread-freshness';

/** processed: threads read and stored (failed included: the job records why); failed: of those, the ones that could not be processed. */
export type BatchResult = { index: number; processed: number; failed: number; skipped: number; stopped?: 'cancelled' | 'deadline' };

/**
 * JobProcessBatch: the threads of one Map item, THREADS_IN_FLIGHT at a time (throughput.ts).
 * Before each thread it re-reads the job and stops early when a cancel was requested (or a
 * monitor job ran out of time). A thread already counted by this job is skipped, so a retried
 * batch does only what is left.
 */
export const processBatch = async (agencyName: string, jobId: string, index: number, remainingMs?: () => number): Promise<BatchResult> => {
  const result: BatchResult = { index, processed: 0, failed: 0, skipped: 0 };
  let job = await getJob(agencyName, jobId);
  if (!job || isCancelled(job)) return { ...result, stopped: 'cancelled' };
  const { data: batch } = await jobBatchEntity.get({ agencyName, jobId, index }).go({ consistent: true });
  const refs = batch?.refs ?? [];
  if (refs.length === 0) return result;
  await renewLease(agencyName, jobId);

  const apiKey = await readApiKey(agencyName);
  if (!apiKey) throw new MissingApiKey();
  const settings = await readSettings({ agencyName });
  const directory = await loadDirectory(agencyName);
  const window = processingWindow(jobScopeOf(job), settings);
  const work: ThreadWork = {
    agencyName,
    jobId,
    settings,
    directory,
    call: modelCaller(apiKey, settings, remainingMs),
    gmailFor: gmailClients(remainingMs),
    ...(window ? { window } : {}),
  };

  // Threads this job already counted (a retried batch): skipped. Older jobs kept them in countedRefs.
  const counted = await countedRefKeys(agencyName, jobId, refs);
  let stopped: BatchResult['stopped'];
  let failure: { error: unknown } | undefined;
  let started = 0;
  const one = async (ref: ThreadRef): Promise<void> => {
    if (counted.has(refKey(ref)) || job?.countedRefs?.includes(refKey(ref))) {
      result.skipped += 1;
      return;
    }
    // Consent is read per thread: a mailbox disconnected mid-job is not read again.
    const consent = await readConsent(agencyName, ref.mailbox);
    if (!consent) {
      await countThread(agencyName, jobId, ref);
      result.skipped += 1;
      return;
    }
    const outcome = await processThread({ ...work, consent, onSubject: (subject) => setCurrentThread(agencyName, jobId, subject, ref.threadId) }, ref);
    await addThreadOutcome(agencyName, jobId, outcome);
    // Read and stored: the next listing with the same historyId skips it (never after a failure).
    if (outcome.result === 'updated' || outcome.result === 'unchanged') await recordSeen(agencyName, ref, coverageOf(window, consent));
    await countThread(agencyName, jobId, ref);
    result.processed += 1;
    if (outcome.result === 'failed') result.failed += 1;
  };
  // THREADS_IN_FLIGHT lanes take the next thread as they finish one (model calls of different
  // threads overlap; the shared limiter sets the pace). Before each thread the job is re-read:
  // a cancel or a deadline stops every lane.
  const lane = async (): Promise<void> => {
    while (!stopped && !failure && started < refs.length) {
      const ref = refs[started]!;
      started += 1;
      if (result.processed + result.skipped > 0) job = await getJob(agencyName, jobId);
      if (!job || isCancelled(job)) stopped = 'cancelled';
      else if (pastDeadline(job)) stopped = 'deadline';
      if (stopped) return;
      try {
        await one(ref);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(THREADS_IN_FLIGHT, refs.length) }, lane));
  // A failed thread fails the batch once the others in flight are done (Step Functions retries
  // it; the counted threads are skipped then).
  if (failure) throw failure.error;
  if (stopped) return { ...result, stopped };
  await renewLease(agencyName, jobId);
  logger.info('batch done', { agency: agencyName, jobId, ...result });
  return result;
};
