import { createHash } from 'node:crypto';
import { conversationEntity, type ConversationItem } from '../store/entities/conversation';
import { conversationThreadEntity, type ConversationThreadItem } from '../store/entities/conversation-thread';
import { sheetSyncStateEntity } from '../store/entities/sheet-sync-state';
import { mailMessageEntity, type MailMessageItem } from '../store/entities/mail-message';

/**
 * Keys of the conversation items, built in one place: a message by its RFC Message-ID, a
 * conversation thread by the agency and the Message-ID of the message that opened it.
 */
const hex = (value: string, length: number) => createHash('sha256').update(value).digest('hex').slice(0, length);

export const messageKeyOf = (messageId: string): string => hex(`msg|${messageId.trim()}`, 32);
export const newThreadKey = (agencyName: string, firstMessageId: string): string => hex(`thread|${agencyName}|${firstMessageId.trim()}`, 32);

export const conversationId = (campaignId: string, email: string) => `${campaignId}:${email}`;
export const needsAssignmentId = (threadKey: string) => `~na:${threadKey}`;

export type ParsedConversationId = { kind: 'contact'; campaignId: string; email: string } | { kind: 'needs_assignment'; threadKey: string };

export const parseConversationId = (id: string): ParsedConversationId => {
  if (id.startsWith('~na:')) return { kind: 'needs_assignment', threadKey: id.slice(4) };
  const at = id.indexOf(':');
  return { kind: 'contact', campaignId: id.slice(0, at), email: id.slice(at + 1).toLowerCase() };
};

const BATCH_GET_MAX = 100;

/** BatchGet in pages of 100, retrying what DynamoDB leaves unprocessed. */
const batchGet = async <T>(keys: object[], get: (page: object[]) => Promise<{ data: T[]; unprocessed: object[] }>): Promise<T[]> => {
  const out: T[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX) {
    let page = keys.slice(i, i + BATCH_GET_MAX);
    for (let attempt = 0; page.length > 0; attempt += 1) {
      if (attempt > 5) throw new Error('DynamoDB left keys unprocessed');
      const { data, unprocessed } = await get(page);
      out.push(...data);
      page = unprocessed;
    }
  }
  return out;
};

export const getMessages = async (agencyName: string, messageKeys: Iterable<string>): Promise<Map<string, MailMessageItem>> => {
  const keys = [...new Set(messageKeys)].map((messageKey) => ({ agencyName, messageKey }));
  const items = await batchGet(keys, (page) => mailMessageEntity.get(page as never).go({ consistent: true }) as never);
  return new Map((items as MailMessageItem[]).map((item) => [item.messageKey, item]));
};

export const getThreads = async (agencyName: string, threadKeys: Iterable<string>): Promise<ConversationThreadItem[]> => {
  const keys = [...new Set(threadKeys)].map((threadKey) => ({ agencyName, threadKey }));
  return (await batchGet(keys, (page) => conversationThreadEntity.get(page as never).go({ consistent: true }) as never)) as ConversationThreadItem[];
};

/** Some conversations of one campaign, by contact e-mail (BatchGetItem, strongly consistent). */
export const getConversationItems = async (agencyName: string, campaignId: string, emails: Iterable<string>): Promise<Map<string, ConversationItem>> => {
  const keys = [...new Set(emails)].map((subjectKey) => ({ agencyName, campaignId, subjectKey }));
  const items = (await batchGet(keys, (page) => conversationEntity.get(page as never).go({ consistent: true }) as never)) as ConversationItem[];
  return new Map(items.map((item) => [item.subjectKey, item]));
};

/** A deleted campaign's conversation records and its tracker's sync state (the threads and messages stay: other campaigns may share them). */
export const deleteCampaignConversations = async (agencyName: string, campaignId: string): Promise<number> => {
  const { data } = await conversationEntity.query.byAgency({ agencyName, campaignId }).go({ pages: 'all', attributes: ['campaignId', 'subjectKey'] });
  for (let i = 0; i < data.length; i += 25) {
    const { unprocessed } = await conversationEntity
      .delete(data.slice(i, i + 25).map((item) => ({ agencyName, campaignId, subjectKey: item.subjectKey })))
      .go();
    if (unprocessed.length) throw new Error('Some conversations could not be removed; try again');
  }
  await sheetSyncStateEntity.delete({ agencyName, campaignId }).go({ response: 'none' });
  return data.length;
};
