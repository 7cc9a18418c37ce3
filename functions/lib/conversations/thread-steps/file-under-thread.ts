import type { ParsedMessage } from '../../google/gmail';
import { conversationThreadEntity } from '../../store/entities/conversation-thread';
import type { ThreadRef } from '../../store/entities/job';
import type { MailMessageItem } from '../../store/entities/mail-message';
import { threadEntity } from '../../store/entities/thread';
import { canonicalAddress, isStaffAddress } from '../rules/addresses';
import { fromParsed, participantsOf } from '../rule-messages';
import { getMessages, messageKeyOf, newThreadKey } from '../store';
import type { AgencyDirectory } from '../types';
import { copyOf, inWindow, type FiledThread, type ThreadWork } from './types';

/**
 * Which conversation thread a mailbox copy belongs to: the one it was filed under before; else
 * the one holding one of its messages (the same Message-ID in a colleague's mailbox); else the
 * one holding a message it replies to or references, when that message is really stored and
 * someone outside the agency takes part in both (staff are in every thread, so they prove
 * nothing: a forged References header cannot pull mail into another talent's thread); else a
 * new one.
 */
export const resolveThreadKey = async (
  agencyName: string,
  ref: ThreadRef,
  messages: ParsedMessage[],
  known: Map<string, MailMessageItem>,
  directory: AgencyDirectory,
): Promise<string> => {
  const { data: pointer } = await threadEntity.get({ agencyName, mailbox: ref.mailbox, threadId: ref.threadId }).go({ attributes: ['threadKey'] });
  if (pointer?.threadKey) return pointer.threadKey;
  for (const m of messages) {
    const own = known.get(messageKeyOf(m.messageId));
    if (own) return own.threadKey;
  }
  const staff = new Set([...directory.staff].map(canonicalAddress));
  const staffDomains = [...directory.staffDomains];
  const outside = (addresses: Iterable<string>) => new Set([...addresses].map(canonicalAddress).filter((a) => a && !isStaffAddress(a, staff, staffDomains)));
  const ours = outside(participantsOf(messages.map(fromParsed)));
  for (const m of messages) {
    for (const referenced of [m.inReplyTo, ...m.references].filter((id): id is string => Boolean(id))) {
      const stored = known.get(messageKeyOf(referenced));
      if (!stored) continue;
      const theirs = outside([stored.fromEmail ?? '', ...(stored.to ?? []), ...(stored.cc ?? [])].filter(Boolean));
      if (ours.size === 0 || [...theirs].some((address) => ours.has(address))) return stored.threadKey;
    }
  }
  return newThreadKey(agencyName, messages[0]!.messageId);
};

/**
 * Step 2, file under thread: the conversation thread this copy belongs to, its stored messages,
 * and which messages are new to the agency. Each Message-ID counts once: a message the agency
 * already holds only records this mailbox's copy.
 */
export const fileUnderThread = async (work: ThreadWork, ref: ThreadRef, parsed: ParsedMessage[]): Promise<FiledThread> => {
  const { agencyName } = work;
  const referenced = parsed.flatMap((m) => [m.messageId, m.inReplyTo, ...m.references]).filter((id): id is string => Boolean(id));
  const known = await getMessages(agencyName, referenced.map(messageKeyOf));
  const threadKey = await resolveThreadKey(agencyName, ref, parsed, known, work.directory);
  const { data: stored } = await conversationThreadEntity.get({ agencyName, threadKey }).go({ consistent: true });
  const storedMessages = await getMessages(agencyName, (stored?.messageKeys ?? []).filter((key) => !known.has(key)));
  for (const [key, item] of known) if (item.threadKey === threadKey) storedMessages.set(key, item);

  const fresh: ParsedMessage[] = [];
  const newCopies: ParsedMessage[] = [];
  const seenIds = new Set<string>();
  for (const m of parsed) {
    const key = messageKeyOf(m.messageId);
    if (seenIds.has(key)) continue;
    seenIds.add(key);
    const existing = known.get(key) ?? storedMessages.get(key);
    if (existing) {
      if (!(existing.copies ?? []).includes(copyOf(ref, m))) newCopies.push(m);
    } else if (inWindow(work.window, m)) fresh.push(m);
  }
  return { threadKey, stored: stored ?? undefined, storedMessages, fresh, newCopies };
};
