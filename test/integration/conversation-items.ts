import { messageKeyOf, newThreadKey } from '../../functions/lib/conversations/store';
import { conversationThreadEntity } from '../../functions/lib/store/entities/conversation-thread';
import { conversationEntity, NEEDS_ASSIGNMENT_SEGMENT } from '../../functions/lib/store/entities/conversation';
import { mailMessageEntity } from '../../functions/lib/store/entities/mail-message';

export type Candidate = { contactEmail: string; campaignId: string };

/**
 * A manager's mail about several talents, stored as the pipeline stores it (the conversation
 * suites write items with the entities; the pipeline has its own): the message, its thread
 * waiting for a person (needs assignment, the candidates named) and the needs-assignment
 * conversation. Returns the thread's key and the conversation's id.
 */
export const storeManagerMail = async (input: {
  agencyName: string;
  /** the agency mailbox that holds it */
  mailbox: string;
  /** the talents the manager may mean, each in a campaign */
  candidates: string[];
  campaignId: string;
  messageId?: string;
  /** Gmail's ids of the copy */
  gmail?: { message: string; thread: string };
  sentAt?: string;
}): Promise<{ threadKey: string; id: string }> => {
  const { agencyName, mailbox, messageId = '<na1@mgmt>', gmail = { message: 'na-msg', thread: '18b2' }, sentAt = new Date(Date.now() - 3 * 3600_000).toISOString() } = input;
  const candidates: Candidate[] = input.candidates.map((contactEmail) => ({ contactEmail, campaignId: input.campaignId }));
  const threadKey = newThreadKey(agencyName, messageId);
  const subject = 'My talents for Glow';
  const summary = 'Both are available.';
  await mailMessageEntity
    .put({
      agencyName,
      messageKey: messageKeyOf(messageId),
      messageId,
      threadKey,
      copies: [`${mailbox}|${gmail.message}|${gmail.thread}`],
      sentAt,
      fromEmail: 'boss@mgmt.com',
      fromName: 'Boss',
      to: [mailbox],
      cc: [],
      subject,
      autoReply: 'none',
      side: 'talent',
      toOtherSide: true,
      summary,
      createdAt: sentAt,
    })
    .go();
  const threadCopies = [`${mailbox}|${gmail.thread}`];
  await conversationThreadEntity
    .put({ agencyName, threadKey, version: 1, subject, messageKeys: [messageKeyOf(messageId)], copies: threadCopies, needsAssignment: true, managers: ['boss@mgmt.com'], candidates, createdAt: sentAt, updatedAt: sentAt })
    .go();
  await conversationEntity
    .put({
      agencyName,
      campaignId: NEEDS_ASSIGNMENT_SEGMENT,
      subjectKey: threadKey,
      version: 2,
      status: 'replied',
      whoseTurn: 'agency',
      turnSince: sentAt,
      messageCount: 1,
      subject,
      summary,
      needsAssignment: true,
      campaignConfirmed: false,
      candidates,
      threadKeys: [threadKey],
      threadCopies,
      updatedAt: sentAt,
    })
    .go();
  return { threadKey, id: `~na:${threadKey}` };
};
