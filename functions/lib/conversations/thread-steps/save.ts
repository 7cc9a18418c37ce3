import type { ParsedMessage } from '../../google/gmail';
import { isConditionalFailure } from '../../store/conditional-write';
import { clip, STORED_LIMITS } from '../../mail/limits';
import { Transient } from '../../tasks/transient';
import { conversationThreadEntity, type ConversationThreadItem } from '../../store/entities/conversation-thread';
import type { ThreadRef } from '../../store/entities/job';
import { mailMessageEntity, type MailMessageItem } from '../../store/entities/mail-message';
import { nowIso } from '../../store/keys';
import type { Failure } from '../analyse';
import { fromStored, participantsOf } from '../rule-messages';
import { messageSide, reachesOtherSide } from '../rules/sides';
import { messageKeyOf } from '../store';
import type { DateFact } from '../types';
import type { Attributed } from './attribute';
import { copyOf, type FiledThread } from './types';

/** Stored messages that changed side get their new side; messages this mailbox also holds get its copy. */
export const saveMessageChanges = async (agencyName: string, ref: ThreadRef, filed: FiledThread, attributed: Attributed): Promise<void> => {
  const { sideContext } = attributed;
  await Promise.all(
    attributed.resided.map((m) => {
      const rule = fromStored(m);
      return mailMessageEntity
        .patch({ agencyName, messageKey: m.messageKey })
        .set({ side: messageSide(rule, sideContext), toOtherSide: reachesOtherSide(rule, sideContext) })
        .go({ response: 'none' });
    }),
  );
  await Promise.all(
    filed.newCopies.map((m: ParsedMessage) =>
      mailMessageEntity.patch({ agencyName, messageKey: messageKeyOf(m.messageId) }).add({ copies: [copyOf(ref, m)] }).go({ response: 'none' }),
    ),
  );
};

export type ThreadReadings = { created: MailMessageItem[]; summary: string; dates: DateFact[]; failures: Failure[]; tokens: number };

/** The conversation thread as it is after this copy: every message in time order, facts bounded (mail/limits.ts). */
export const nextThreadItem = (agencyName: string, ref: ThreadRef, subject: string, filed: FiledThread, attributed: Attributed, readings: ThreadReadings): ConversationThreadItem => {
  const { stored, storedMessages } = filed;
  const messageKeys = [...new Set([...(stored?.messageKeys ?? []), ...readings.created.map((m) => m.messageKey), ...[...storedMessages.keys()]])];
  const sentAtOf = new Map([...storedMessages.values(), ...readings.created].map((m) => [m.messageKey, m.sentAt]));
  messageKeys.sort((a, b) => (sentAtOf.get(a) ?? '').localeCompare(sentAtOf.get(b) ?? ''));
  const dateSeen = new Set<string>();
  const dates = [...(stored?.dates ?? []), ...readings.dates]
    .filter((d) => {
      const id = `${d.date}|${d.kind}|${d.messageId ?? ''}`;
      return dateSeen.has(id) ? false : (dateSeen.add(id), true);
    })
    .slice(-STORED_LIMITS.datesPerThread);
  const now = nowIso();
  const times = [...sentAtOf.values()].sort();
  return {
    agencyName,
    threadKey: filed.threadKey,
    version: (stored?.version ?? 0) + 1,
    subject: clip(stored?.subject || subject, STORED_LIMITS.subject),
    messageKeys,
    copies: [...new Set([...(stored?.copies ?? []), `${ref.mailbox}|${ref.threadId}`])].sort(),
    participants: [...participantsOf(attributed.ruleMessages)].sort().slice(0, STORED_LIMITS.participants),
    ...attributed.plan.threadFields,
    ...(stored?.assignment ? { assignment: stored.assignment } : {}),
    ...(stored?.dismissed ? { dismissed: true } : {}),
    summary: readings.summary,
    summarisedKeys: messageKeys,
    dates,
    failures: [...(stored?.failures ?? []), ...readings.failures].slice(-STORED_LIMITS.failures),
    ...(times[0] ? { firstMessageAt: times[0] } : {}),
    ...(times.at(-1) ? { lastMessageAt: times.at(-1) } : {}),
    tokensUsed: (stored?.tokensUsed ?? 0) + readings.tokens,
    createdAt: stored?.createdAt ?? now,
    updatedAt: now,
  } as ConversationThreadItem;
};

/** Step 7, save: the thread written only over the version it was read at; a lost race is retried (Transient). */
export const saveThread = async (stored: ConversationThreadItem | undefined, next: ConversationThreadItem): Promise<void> => {
  try {
    await conversationThreadEntity
      .put(next)
      .where((attr, op) => (stored ? op.eq(attr.version, stored.version) : op.notExists(attr.version)))
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalFailure(error)) throw new Transient(`Conversation thread ${next.threadKey} changed while it was processed`);
    throw error;
  }
};
