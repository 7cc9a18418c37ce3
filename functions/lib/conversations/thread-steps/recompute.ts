import type { ParsedMessage } from '../../google/gmail';
import { gmailThreadLink } from '../../google/links';
import { errorMessage, logger } from '../../logger';
import { addTrackedConversation } from '../../processing/monitor-registry';
import type { ConversationItem } from '../../store/entities/conversation';
import type { ConversationThreadItem } from '../../store/entities/conversation-thread';
import type { ThreadRef } from '../../store/entities/job';
import { threadEntity } from '../../store/entities/thread';
import { nowIso } from '../../store/keys';
import { applyAttribution } from '../apply-attribution';
import { inWindow, type ThreadWork } from './types';

/** Step 8, recompute: every conversation the thread joins or leaves is rebuilt from it (applyAttribution.commit). */
export const recompute = (agencyName: string, stored: ConversationThreadItem | undefined, next: ConversationThreadItem): Promise<ConversationItem[]> =>
  applyAttribution.commit(agencyName, stored, next);

/** The mailbox copy's own record: what this job handled, for the monitor and the job's progress. */
export const recordMailboxCopy = async (
  work: ThreadWork,
  ref: ThreadRef,
  input: { parsed: ParsedMessage[]; subject: string; next: ConversationThreadItem; primary: ConversationItem | undefined; campaignIds: string[]; tokens: number },
): Promise<void> => {
  const { agencyName } = work;
  const { next, primary } = input;
  const now = nowIso();
  const { data: pointer } = await threadEntity.get({ agencyName, mailbox: ref.mailbox, threadId: ref.threadId }).go();
  await threadEntity
    .put({
      agencyName,
      mailbox: ref.mailbox,
      threadId: ref.threadId,
      threadKey: next.threadKey,
      version: (pointer?.version ?? 0) + 1,
      subject: next.subject ?? input.subject,
      processedIds: [...new Set([...(pointer?.processedIds ?? []), ...input.parsed.filter((m) => inWindow(work.window, m)).map((m) => m.id)])],
      summary: next.summary,
      ...(primary?.status ? { status: primary.status } : {}),
      ...(primary?.whoseTurn ? { whoseTurn: primary.whoseTurn } : {}),
      ...(primary?.lastInboundAt ? { lastInboundAt: primary.lastInboundAt } : {}),
      ...(primary?.lastOutboundAt ? { lastOutboundAt: primary.lastOutboundAt } : {}),
      ...(next.lastMessageAt ? { lastMessageAt: next.lastMessageAt } : {}),
      messageCount: (next.messageKeys ?? []).length,
      contactEmails: [...new Set((next.targets ?? []).map((t) => t.contactEmail))],
      campaignIds: input.campaignIds,
      primaryCampaignId: input.campaignIds[0] ?? '~na',
      gmailLink: gmailThreadLink(ref.mailbox, ref.threadId),
      tokensUsed: (pointer?.tokensUsed ?? 0) + input.tokens,
      lastJobId: work.jobId,
      createdAt: pointer?.createdAt ?? now,
      updatedAt: now,
    })
    .go({ response: 'none' });
  if (!pointer) await addTrackedConversation(agencyName).catch((error: unknown) => logger.warn('tracked conversation count not updated', { error: errorMessage(error) }));
};
