import { contactsByEmail, type ContactItem } from '../campaigns/contact-store';
import { getThreads } from '../conversations/store';
import { conversationEntity, type ConversationItem } from '../store/entities/conversation';
import type { ConversationThreadItem } from '../store/entities/conversation-thread';

/**
 * What the agency holds about one talent, read once for an export or an erasure: their contact in
 * every campaign, their conversation in every campaign (the byTalent index: also those whose
 * contact was removed, since processed data is kept), and the conversation threads those are built from.
 */
export type TalentItems = { contacts: ContactItem[]; conversations: ConversationItem[]; threads: ConversationThreadItem[] };

export const talentItems = async (agencyName: string, email: string): Promise<TalentItems> => {
  const [contacts, conversations] = await Promise.all([
    contactsByEmail(agencyName, email),
    conversationEntity.query.byTalent({ agencyName, subjectKey: email }).go({ pages: 'all' }).then(({ data }) => data as ConversationItem[]),
  ]);
  const threads = await getThreads(agencyName, conversations.flatMap((item) => [...(item.threadKeys ?? [])]));
  return { contacts, conversations, threads };
};

export const isEmpty = (items: TalentItems): boolean => items.contacts.length === 0 && items.conversations.length === 0 && items.threads.length === 0;
