import { isConditionalFailure } from '../store/conditional-write';
import { mailboxEntity } from '../store/entities/mailbox';
import { nowIso } from '../store/keys';

/**
 * How notifications for one agency's mailbox become checks, with conditional writes on the
 * mailbox item (many Lambdas, no shared memory):
 * - the first fresh notification takes the claim (`pushRunUntil`) and starts a check;
 * - one arriving while the claim is held marks `pushPending`: the holder checks again when it
 *   ends, so a burst is one check (plus at most one more for mail that came during it);
 * - a notification whose historyId the mailbox's stored mark already covers changes nothing
 *   (duplicates, out-of-order redeliveries).
 * A claim whose check died runs out after CLAIM_MS; the 2-minute check covers the gap.
 */
export const CLAIM_MS = 60_000;

export type NotifyOutcome = 'stale' | 'claimed' | 'coalesced';

type Key = { agencyName: string; email: string };

const tryClaim = async (key: Key, now: number): Promise<boolean> => {
  try {
    await mailboxEntity
      .patch(key)
      .set({ pushRunUntil: now + CLAIM_MS, pushPending: false, updatedAt: nowIso() })
      .where((attr, op) => `${op.eq(attr.connected, true)} AND (${op.notExists(attr.pushRunUntil)} OR ${op.lt(attr.pushRunUntil, now)})`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
};

const markPending = async (key: Key): Promise<void> => {
  try {
    await mailboxEntity
      .patch(key)
      .set({ pushPending: true, updatedAt: nowIso() })
      .where((attr, op) => op.eq(attr.connected, true))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};

const recordNotification = async (key: Key, historyId: number, at: string): Promise<void> => {
  try {
    await mailboxEntity
      .patch(key)
      .set({ lastPushAt: at, pushHistoryId: historyId })
      .where((attr, op) => `${op.eq(attr.connected, true)} AND (${op.notExists(attr.pushHistoryId)} OR ${op.lt(attr.pushHistoryId, historyId)})`)
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};

/** One notification for one agency's mailbox: whether it starts a check (`claimed`). */
export const notify = async (key: Key, storedHistoryId: string | undefined, historyId: number, now = Date.now()): Promise<NotifyOutcome> => {
  if (storedHistoryId && historyId <= Number(storedHistoryId)) return 'stale';
  await recordNotification(key, historyId, new Date(now).toISOString());
  if (await tryClaim(key, now)) return 'claimed';
  await markPending(key);
  // The holder may have let go between the two writes, without seeing the mark: claim again.
  return (await tryClaim(key, now)) ? 'claimed' : 'coalesced';
};

/** A check begins (a notification's, or one resumed after a job): it holds the claim and clears the mark. */
export const beginCheck = async (key: Key, now = Date.now()): Promise<void> => {
  await mailboxEntity
    .patch(key)
    .set({ pushRunUntil: now + CLAIM_MS, pushPending: false, updatedAt: nowIso() })
    .go({ response: 'none' });
};

/** The check ended: the claim goes unless a notification came meanwhile (then false: check again). */
export const endCheck = async (key: Key): Promise<boolean> => {
  try {
    await mailboxEntity
      .patch(key)
      .remove(['pushRunUntil'])
      .where((attr, op) => `${op.notExists(attr.pushPending)} OR ${op.eq(attr.pushPending, false)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
};

/** A job holds the agency: the check waits for it (the job's end resumes it) and lets the claim go. */
export const deferUntilJobEnds = async (key: Key): Promise<void> => {
  await mailboxEntity
    .patch(key)
    .set({ pushPending: true, updatedAt: nowIso() })
    .remove(['pushRunUntil'])
    .go({ response: 'none' });
};

/** The claimed check could not be started: the next notification may claim at once. */
export const releaseClaim = async (key: Key): Promise<void> => {
  await mailboxEntity.patch(key).remove(['pushRunUntil']).go({ response: 'none' });
};
