/**
 * Test data for the board: conversation rows and list answers, always passed through the shared
 * schemas so a fixture cannot drift from the API contract.
 */
import {
  CONVERSATION_STATUSES,
  conversationJson,
  conversationListResponse,
  type ConversationJson,
  type ConversationListResponse,
  type ConversationStatus,
} from '../../../shared/schemas/conversations';

export const testRow = (overrides: Partial<ConversationJson> = {}): ConversationJson => {
  const email = overrides.contact_email ?? 'ana@example.com';
  const campaignId = overrides.campaign_id ?? 'glow-q1';
  return conversationJson.parse({
    id: `${campaignId}:${email}`,
    campaign_id: campaignId,
    campaign_name: 'Glow Serum Q1',
    contact_email: email,
    talent_name: 'Ana Lima',
    handle: '@analima',
    email_owner: '',
    tracking: true,
    status: 'not_contacted',
    whose_turn: null,
    turn_since: null,
    last_inbound_at: null,
    last_outbound_at: null,
    message_count: 0,
    subject: '',
    summary: '',
    next_date: null,
    dates: [],
    fees: [],
    latest_fee: null,
    attribution: { reason: 'none', campaign_confirmed: false },
    needs_assignment: false,
    candidates: [],
    follow_up: false,
    threads: [],
    thread_count: 0,
    corrected_fields: [],
    failures: [],
    updated_at: null,
    ...overrides,
  });
};

export const testList = (
  items: ConversationJson[],
  { cursor = null, total = items.length, counts }: { cursor?: string | null; total?: number; counts?: Partial<Record<ConversationStatus, number>> } = {},
): ConversationListResponse => {
  const tally = Object.fromEntries(CONVERSATION_STATUSES.map((status) => [status, items.filter((item) => item.status === status).length]));
  return conversationListResponse.parse({ success: true, items, cursor, total, counts: { ...tally, ...counts } });
};
