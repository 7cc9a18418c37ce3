import { permitsMessage } from '../../mailboxes/consent';
import { GoogleNotFound } from '../../google/errors';
import type { ParsedMessage } from '../../google/gmail';
import { clip, STORED_LIMITS } from '../../mail/limits';
import { threadEntity } from '../../store/entities/thread';
import { talentAddressHash } from '../../talents/erased';
import type { ThreadRef } from '../../store/entities/job';
import { trackedAddresses, trackedManagerNames } from '../directory';
import { fromParsed, participantsOf } from '../rule-messages';
import { fold } from '../rules/text';
import type { ThreadOutcome, ThreadWork } from './types';

export type Fetched = { skip?: undefined; parsed: ParsedMessage[]; subject: string } | { skip: ThreadOutcome['result'] };

/**
 * Step 1, fetch: the Gmail thread, only what the mailbox's owner agreed to share (their from/after
 * limits), drafts left out. A thread no tracked talent or manager takes part in is skipped unless
 * the agency filed it before (a contact may have been removed since).
 */
/** A tracked talent or manager takes part: by address, or a manager known only by name under that display name. */
const involvesTracked = (work: ThreadWork, parsed: ParsedMessage[]): boolean => {
  const tracked = trackedAddresses(work.directory);
  if ([...participantsOf(parsed.map(fromParsed))].some((address) => tracked.has(address))) return true;
  const names = trackedManagerNames(work.directory);
  return names.size > 0 && parsed.some((m) => [m.from, ...m.to, ...m.cc].some((person) => person && names.has(fold(person.name ?? ''))));
};

/** An erased talent's mail (from, to or cc them) is left out: nothing of it is stored again. */
const notErased = (work: ThreadWork) => {
  const erased = work.directory.erased;
  if (!erased?.size) return () => true;
  return (m: ParsedMessage) => ![m.from, ...m.to, ...m.cc].some((person) => person?.email && erased.has(talentAddressHash(work.agencyName, person.email)));
};

export const fetchThread = async (work: ThreadWork, ref: ThreadRef): Promise<Fetched> => {
  const gmail = await work.gmailFor(ref.mailbox);
  let fetched;
  try {
    fetched = await gmail.getThread(ref.threadId, 'full');
  } catch (error) {
    if (error instanceof GoogleNotFound) return { skip: 'missing' };
    throw error;
  }
  const parsed = fetched.messages.filter((m) => !m.labelIds.includes('DRAFT') && (!work.consent || permitsMessage(work.consent, m))).filter(notErased(work));
  if (parsed.length === 0) return { skip: 'ignored' };
  if (!involvesTracked(work, parsed)) {
    const { data: pointer } = await threadEntity.get({ agencyName: work.agencyName, mailbox: ref.mailbox, threadId: ref.threadId }).go({ attributes: ['threadKey'] });
    if (!pointer) return { skip: 'ignored' };
  }
  const subject = clip(parsed[0]!.subject || fetched.snippet.slice(0, 80), STORED_LIMITS.subject);
  await work.onSubject?.(subject);
  return { parsed, subject };
};
