import { createHash } from 'node:crypto';
import { isConditionalFailure } from '../store/conditional-write';
import type { MailboxConsent } from '../mailboxes/consent';
import type { ThreadRef } from '../store/entities/job';
import { threadEntity } from '../store/entities/thread';
import type { QueryBounds } from './gmail-queries';

/**
 * Skip what did not change: threads.list gives each thread's historyId, which moves whenever the
 * thread changes. A thread whose listed historyId equals the one stored on its pointer
 * (`THREAD#mailbox#threadId`) when it was last processed — under a date window and owner limits
 * that cover this job's — is not fetched (threads.get, 10 quota units) nor processed again.
 *
 * Coverage is `after:before:limits` (empty = unbounded): a narrower earlier window, or other
 * owner limits, do not cover this job and the thread is read again.
 */
const limitsOf = (consent: Pick<MailboxConsent, 'fromAddresses' | 'afterMs'>) =>
  createHash('sha256').update(JSON.stringify([[...consent.fromAddresses].sort(), consent.afterMs ?? null])).digest('base64url').slice(0, 10);

export const coverageOf = (window: QueryBounds | undefined, consent: Pick<MailboxConsent, 'fromAddresses' | 'afterMs'>): string =>
  `${window?.afterMs ?? ''}:${window?.beforeMs ?? ''}:${limitsOf(consent)}`;

const parse = (coverage: string) => {
  const [a = '', b = '', limits = ''] = coverage.split(':');
  return { after: a === '' ? -Infinity : Number(a), before: b === '' ? Infinity : Number(b), limits };
};

/** Whether what was read (stored) includes everything this job would read (current). */
export const covers = (stored: string | undefined, current: string): boolean => {
  if (!stored) return false;
  const s = parse(stored);
  const c = parse(current);
  return s.limits === c.limits && s.after <= c.after && c.before <= s.before;
};

const key = (mailbox: string, threadId: string) => `${mailbox}#${threadId}`;

/**
 * The listed refs whose thread did not change since it was read under a covering window: one
 * BatchGetItem per 100 refs (keys and two short attributes projected).
 */
export const unchangedRefs = async (agencyName: string, refs: ThreadRef[], coverage: (mailbox: string) => string): Promise<Set<string>> => {
  const listed = refs.filter((r) => r.historyId);
  const out = new Set<string>();
  for (let i = 0; i < listed.length; i += 100) {
    const page = listed.slice(i, i + 100);
    const { data } = await threadEntity
      .get(page.map((r) => ({ agencyName, mailbox: r.mailbox, threadId: r.threadId })))
      .go({ attributes: ['mailbox', 'threadId', 'gmailHistoryId', 'gmailCoverage'] });
    const stored = new Map(data.map((p) => [key(p.mailbox, p.threadId), p]));
    for (const ref of page) {
      const p = stored.get(key(ref.mailbox, ref.threadId));
      if (p?.gmailHistoryId && p.gmailHistoryId === ref.historyId && covers(p.gmailCoverage, coverage(ref.mailbox))) out.add(key(ref.mailbox, ref.threadId));
    }
  }
  return out;
};

export const refId = (ref: ThreadRef) => key(ref.mailbox, ref.threadId);

/**
 * After a thread was processed: remember the historyId it was listed with (older than or equal to
 * what was read, so a change in between is read next time) and what the read covered. Only on
 * an existing pointer (an ignored thread has none and is listed again, cheaply).
 */
export const recordSeen = async (agencyName: string, ref: ThreadRef, coverage: string): Promise<void> => {
  if (!ref.historyId) return;
  try {
    // patch: only an existing pointer (ElectroDB's patch requires the item)
    await threadEntity
      .patch({ agencyName, mailbox: ref.mailbox, threadId: ref.threadId })
      .set({ gmailHistoryId: ref.historyId, gmailCoverage: coverage })
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};
