import type { ConversationJson } from '../../../../../shared/schemas/conversations';

const latest = (conversation: ConversationJson): number => {
  const times = [conversation.last_inbound_at, conversation.last_outbound_at, conversation.updated_at]
    .map((value) => (value ? Date.parse(value) : Number.NaN))
    .filter((value) => !Number.isNaN(value));
  return times.length ? Math.max(...times) : 0;
};

/**
 * The talent's conversations as the timeline lists them: the most recently active first, then by
 * campaign name. The order stays put while the person moves between campaigns.
 */
export const orderTalentConversations = (items: readonly ConversationJson[]): ConversationJson[] =>
  [...items].sort((a, b) => latest(b) - latest(a) || a.campaign_name.localeCompare(b.campaign_name) || a.id.localeCompare(b.id));

/** The conversation shown in full: the URL's campaign when the talent is in it, else the first listed. */
export const selectedConversation = (ordered: readonly ConversationJson[], campaignId: string | null | undefined): ConversationJson | undefined =>
  ordered.find((item) => campaignId && item.campaign_id === campaignId) ?? ordered[0];

