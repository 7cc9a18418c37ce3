import { messages } from '../../../shared/messages';
import type { AuditEventJson } from '../../../shared/schemas/audit';
import type { TalentExportResponse, TalentThreadJson } from '../../../shared/schemas/talent-data';
import { listAuditEvents } from '../audit/list';
import { recordAudit } from '../audit/record';
import { listCampaignItems } from '../campaigns/campaigns';
import { toContactJson } from '../campaigns/contacts';
import { conversationTimeline, followUpAfterDays } from '../conversations/list';
import { toConversationJson } from '../conversations/read-model';
import { NotFound } from '../http/errors';
import { requireOwner } from '../identity/roles';
import type { AgencyScope } from '../session/resolve';
import type { ConversationThreadItem } from '../store/entities/conversation-thread';
import { isEmpty, talentItems } from './talent-items';

export const talentNotFound = (email: string) => new NotFound(`No data is held about ${email}`);

const toThreadJson = (thread: ConversationThreadItem): TalentThreadJson => ({
  thread_key: thread.threadKey,
  subject: thread.subject ?? '',
  summary: thread.summary ?? '',
  first_message_at: thread.firstMessageAt ?? null,
  last_message_at: thread.lastMessageAt ?? null,
  message_count: (thread.messageKeys ?? []).length,
  dates: (thread.dates ?? []).map((fact) => ({ date: fact.date, kind: fact.kind, quote: fact.quote })),
});

/** The activity log's entries about the talent, every page of them. */
const auditOf = async (scope: AgencyScope, email: string): Promise<AuditEventJson[]> => {
  const events: AuditEventJson[] = [];
  let cursor: string | undefined;
  do {
    const page = await listAuditEvents(scope, { contact_email: email, limit: 100, ...(cursor ? { cursor } : {}) });
    events.push(...page.events);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return events;
};

/**
 * GET /api/v3/talents/{email}/export (owners only): everything the agency holds about the talent
 * (contacts, conversations with their facts and messages' summaries, threads' summaries, the
 * activity log's entries). 404 when nothing is held. The export itself is recorded.
 */
export const exportTalentData = async (scope: AgencyScope, email: string, now: number = Date.now()): Promise<Omit<TalentExportResponse, 'success'>> => {
  requireOwner(scope, messages.roles.ownerOnly.talentData);
  const items = await talentItems(scope.agencyName, email);
  if (isEmpty(items)) throw talentNotFound(email);
  const [campaigns, days, audit] = await Promise.all([listCampaignItems(scope), followUpAfterDays(scope), auditOf(scope, email)]);
  const campaignOf = new Map(campaigns.map((campaign) => [campaign.campaignId, campaign]));
  const contactOf = new Map(items.contacts.map((contact) => [contact.campaignId, contact]));
  const conversations = await Promise.all(
    items.conversations.map(async (item) => {
      const campaign = campaignOf.get(item.campaignId);
      const { messages: timeline } = await conversationTimeline(scope.agencyName, item, campaign);
      return { conversation: toConversationJson({ item, contact: contactOf.get(item.campaignId), campaign, now, followUpAfterDays: days }), messages: timeline };
    }),
  );
  await recordAudit(scope, { kind: 'talent.export', contactEmail: email, changes: [{ field: 'conversations', before: null, after: conversations.length }] });
  return {
    email,
    exported_at: new Date(now).toISOString(),
    contacts: items.contacts.map((contact) => toContactJson(contact, campaignOf.get(contact.campaignId)?.campaignName ?? '')),
    conversations,
    threads: items.threads.map(toThreadJson),
    audit,
  };
};
