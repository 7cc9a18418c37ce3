import { saveAttribution } from '../conversations/apply-attribution';
import { reattributeThread } from '../conversations/reattribute';
import { getMessages, getThreads } from '../conversations/store';
import { conversationThreadEntity } from '../store/entities/conversation-thread';
import { mailMessageEntity } from '../store/entities/mail-message';
import { threadEntity } from '../store/entities/thread';

/**
 * What one mailbox brought into an agency's record, taken out at its owner's request: its copies
 * leave every message and conversation thread; a message no other mailbox holds is deleted, and
 * so are the summary and the model's dates that read it; conversations are rebuilt from what is
 * left. Messages a colleague's mailbox also holds stay (the colleague consented to them).
 * Safe to repeat. Returns the number of this mailbox's thread copies removed.
 */
export const removeMailboxData = async (agencyName: string, mailbox: string): Promise<number> => {
  const { data } = await threadEntity
    .query.byAgency({ agencyName, mailbox })
    .go({ pages: 'all', attributes: ['mailbox', 'threadId', 'threadKey'] });
  const pointers = data.filter((p) => p.mailbox === mailbox);
  const threadKeys = [...new Set(pointers.map((p) => p.threadKey).filter((key): key is string => Boolean(key)))];
  for (const stored of await getThreads(agencyName, threadKeys)) await removeFromThread(agencyName, mailbox, stored.threadKey);
  for (let i = 0; i < pointers.length; i += 25) {
    await threadEntity
      .delete(pointers.slice(i, i + 25).map((p) => ({ agencyName, mailbox: p.mailbox, threadId: p.threadId })))
      .go();
  }
  return pointers.length;
};

const removeFromThread = async (agencyName: string, mailbox: string, threadKey: string): Promise<void> => {
  const [stored] = await getThreads(agencyName, [threadKey]);
  if (!stored) return;
  const own = (copy: string) => copy.startsWith(`${mailbox}|`);
  const messages = await getMessages(agencyName, stored.messageKeys ?? []);
  const removedIds = new Set<string>();
  const kept: string[] = [];
  for (const key of stored.messageKeys ?? []) {
    const message = messages.get(key);
    if (!message) continue;
    const copies = [...(message.copies ?? [])];
    const mine = copies.filter(own);
    if (mine.length === copies.length) {
      await mailMessageEntity.delete({ agencyName, messageKey: key }).go({ response: 'none' });
      removedIds.add(message.messageId);
      continue;
    }
    if (mine.length) await mailMessageEntity.update({ agencyName, messageKey: key }).delete({ copies: mine }).go({ response: 'none' });
    kept.push(key);
  }
  const copies = (stored.copies ?? []).filter((copy) => !own(copy));
  if (kept.length === 0) {
    // Nothing of it stays: its conversations let go of it, then it goes.
    await saveAttribution(agencyName, stored, { messageKeys: [], copies: [], targets: [], needsAssignment: false, candidates: [], summary: '', summarisedKeys: [], dates: [] });
    await conversationThreadEntity.delete({ agencyName, threadKey }).go({ response: 'none' });
    return;
  }
  const touched = removedIds.size > 0;
  await saveAttribution(agencyName, stored, {
    messageKeys: kept,
    copies,
    ...(touched
      ? { summary: '', summarisedKeys: [], dates: (stored.dates ?? []).filter((d) => d.setBy === 'person' || !d.messageId || !removedIds.has(d.messageId)) }
      : {}),
  });
  await reattributeThread(agencyName, threadKey);
};
