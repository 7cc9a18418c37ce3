import { isConditionalFailure } from '../store/conditional-write';
import { activeJobEntity, lastJobEntity } from '../store/entities/active-job';
import { jobEntity } from '../store/entities/job';

/**
 * The agency's single-flight lock. A running job renews its lease from every task; a lease
 * that ran out (its release was lost, or the execution died silently) frees the lock for the
 * next job.
 */
export const LEASE_MS = 15 * 60 * 1000;

export type HeldLock = { jobId: string; operationLabel: string; startedAt: string; leaseUntil: number };

export const readLock = async (agencyName: string): Promise<HeldLock | undefined> => {
  const { data } = await activeJobEntity.get({ agencyName }).go({ consistent: true });
  return data ?? undefined;
};

const putLock = async (agencyName: string, lock: HeldLock, now: number): Promise<boolean> => {
  try {
    await activeJobEntity
      .put({ agencyName, ...lock })
      .where((attr, op) => `${op.notExists(attr.jobId)} OR ${op.lt(attr.leaseUntil, now)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
};

/**
 * One conditional put. When it is refused, a lock whose job already ended (its release was
 * lost) is cleared and the put tried once more; otherwise the holder is returned.
 */
export const takeLock = async (agencyName: string, lock: Omit<HeldLock, 'leaseUntil'>): Promise<{ taken: true } | { taken: false; holder: HeldLock }> => {
  const now = Date.now();
  const wanted = { ...lock, leaseUntil: now + LEASE_MS };
  if (await putLock(agencyName, wanted, now)) return { taken: true };
  const holder = await readLock(agencyName);
  if (!holder) return (await putLock(agencyName, wanted, now)) ? { taken: true } : { taken: false, holder: (await readLock(agencyName)) ?? wanted };
  const { data: job } = await jobEntity.get({ agencyName, jobId: holder.jobId }).go({ consistent: true });
  if (!job || job.status !== 'running') {
    await releaseLock(agencyName, holder.jobId);
    if (await putLock(agencyName, wanted, now)) return { taken: true };
  }
  return { taken: false, holder };
};

/** Deletes the lock only if it is still this job's; true when it was. */
export const releaseLock = async (agencyName: string, jobId: string): Promise<boolean> => {
  try {
    await activeJobEntity
      .delete({ agencyName })
      .where((attr, op) => op.eq(attr.jobId, jobId))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
};

/** Extends the lease while the job is alive; a lock that is no longer this job's is left alone. */
export const renewLease = async (agencyName: string, jobId: string): Promise<void> => {
  try {
    await activeJobEntity
      .patch({ agencyName })
      .set({ leaseUntil: Date.now() + LEASE_MS })
      .where((attr, op) => op.eq(attr.jobId, jobId))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};

export const recordLastJob = async (agencyName: string, jobId: string, endedAt: string): Promise<void> => {
  await lastJobEntity.put({ agencyName, jobId, endedAt }).go({ response: 'none' });
};
