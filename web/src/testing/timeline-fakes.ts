/**
 * Test data for the timeline and queue tests, built through the shared response schemas so a
 * fake can never drift from the API contract.
 */
import {
  assignResponse,
  changesResponse,
  conversationPatchResponse,
  conversationDetailResponse,
  conversationListResponse,
  type AssignBody,
  type ChangeJson,
  type ConversationJson,
  type ConversationPatchBody,
  type ConversationMessageJson,
  type ConversationWhyJson,
} from '../../../shared/schemas/conversations';
import { needsReply } from '../../../shared/conversation-status';
import { testRow } from './board-fakes';

/** A conversation under way (negotiating, the agency's turn): the board's row with a timeline's defaults. */
export const fakeConversation = (overrides: Partial<ConversationJson> = {}): ConversationJson => {
  const campaignId = overrides.campaign_id === undefined ? 'glow-q1' : overrides.campaign_id;
  const email = overrides.contact_email === undefined ? 'ana@example.com' : overrides.contact_email;
  return testRow({
    id: `${campaignId}:${email}`,
    talent_name: 'Anaïs Dubois',
    handle: '@anais',
    status: 'negotiating',
    whose_turn: 'agency',
    turn_since: '2026-11-10T09:00:00.000Z',
    last_inbound_at: '2026-11-10T09:00:00.000Z',
    last_outbound_at: '2026-11-09T09:00:00.000Z',
    message_count: 2,
    subject: 'Glow Serum collab',
    summary: 'Anaïs asked 1,500 EUR for a Reel.',
    attribution: { reason: 'talent_address', campaign_confirmed: true },
    updated_at: '2026-11-10T09:05:00.000Z',
    ...overrides,
  });
};

export const fakeMessage = (overrides: Partial<ConversationMessageJson> = {}): ConversationMessageJson => ({
  message_id: '<m1@example>',
  date: '2026-11-09T09:00:00.000Z',
  from: 'Maya Okafor <maya@brightwave-agency.com>',
  side: 'agency',
  summary: 'Offered a Reel.',
  intent: 'offer',
  auto_reply: 'none',
  mailbox: 'maya@brightwave-agency.com',
  gmail_url: 'https://mail.google.com/mail/u/maya@brightwave-agency.com/#all/18a1',
  ...overrides,
});

export const fakeList = (items: ConversationJson[]) =>
  conversationListResponse.parse({
    success: true,
    items,
    cursor: null,
    total: items.length,
    counts: { not_contacted: 0, awaiting_reply: 0, replied: 0, negotiating: 0, confirmed: 0, declined: 0 },
  });

export const fakeDetail = (conversation: ConversationJson, messages: ConversationMessageJson[] = [], why?: ConversationWhyJson) =>
  conversationDetailResponse.parse({ success: true, conversation, messages, ...(why ? { why } : {}) });

export const fakeChange = (overrides: Partial<ChangeJson> = {}): ChangeJson => ({
  conversation_id: 'glow-q1:ana@example.com',
  campaign_id: 'glow-q1',
  contact_email: 'ana@example.com',
  talent_name: 'Anaïs Dubois',
  kind: 'reply',
  at: '2026-11-20T10:00:00.000Z',
  status: 'negotiating',
  previous_status: null,
  summary: 'Asked for 1,500 EUR.',
  ...overrides,
});

export const fakeChanges = (items: ChangeJson[], since: string | null = '2026-11-19T08:00:00.000Z') => changesResponse.parse({ success: true, items, since });

export type FakeCall = { method: string; path: string; query: URLSearchParams; body: unknown };

/** The PATCH semantics of the API, applied to a fake conversation: a value corrects, null hands back. */
export const applyPatch = (item: ConversationJson, patch: ConversationPatchBody): ConversationJson => {
  const corrected = new Set(item.corrected_fields);
  const next: ConversationJson = { ...item, updated_at: new Date().toISOString() };
  const mark = (field: ConversationJson['corrected_fields'][number], value: unknown) => {
    if (value === null) corrected.delete(field);
    else if (value !== undefined) corrected.add(field);
  };
  if (patch.status) next.status = patch.status;
  if (patch.whose_turn) next.whose_turn = patch.whose_turn;
  if (patch.dates) next.dates = patch.dates.map((date) => ({ date: date.date, kind: date.kind, quote: date.quote ?? '', message_id: null, set_by: 'person' }));
  if (patch.fees) {
    next.fees = patch.fees.map((fee) => ({ ...fee, vat_included: fee.vat_included ?? null, quote: fee.quote ?? '', message_id: null, set_by: 'person' }));
  }
  mark('status', patch.status);
  mark('whose_turn', patch.whose_turn);
  mark('dates', patch.dates);
  mark('fees', patch.fees);
  next.corrected_fields = [...corrected];
  return next;
};

/**
 * A fetch stand-in for the conversations API over fake data: the list (contact_email, turn,
 * follow_up, needs_reply and needs_assignment filters), each detail, PATCH, assign and the changes feed.
 * Every call is recorded, decoded, for the test to assert.
 */
export const fakeConversationsServer = (
  initial: ConversationJson[],
  messagesOf: (item: ConversationJson) => ConversationMessageJson[] = () => [],
  changes: ChangeJson[] = [],
  whyOf: (item: ConversationJson) => ConversationWhyJson | undefined = () => undefined,
) => {
  const state = new Map(initial.map((item) => [item.id, item]));
  const calls: FakeCall[] = [];
  const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const path = decodeURIComponent(url.pathname);
    const query = url.searchParams;
    calls.push({ method, path, query, body });
    if (method === 'GET' && path === '/api/v3/conversations') {
      const flag = (name: string) => (query.has(name) ? query.get(name) === 'true' : undefined);
      const items = [...state.values()].filter(
        (item) =>
          item.needs_assignment === (flag('needs_assignment') ?? false) &&
          (!query.get('contact_email') || item.contact_email === query.get('contact_email')) &&
          (!query.get('turn') || item.whose_turn === query.get('turn')) &&
          (flag('follow_up') === undefined || item.follow_up === flag('follow_up')) &&
          (flag('needs_reply') === undefined || needsReply({ whoseTurn: item.whose_turn, status: item.status }) === flag('needs_reply')),
      );
      return json(fakeList(items));
    }
    if (method === 'GET' && path === '/api/v3/conversations/changes') return json(fakeChanges(changes));
    if (method === 'POST' && path === '/api/v3/conversations/assign') {
      const assign = body as AssignBody;
      const item = state.get(assign.id);
      if (!item) return json({ success: false, error: 'Conversation not found' }, 404);
      state.delete(assign.id);
      const assigned = assign.assignments.map((entry) => {
        const candidate = item.candidates.find((c) => c.contact_email === entry.contact_email && c.campaign_id === entry.campaign_id);
        return fakeConversation({
          ...item,
          id: `${entry.campaign_id}:${entry.contact_email}`,
          campaign_id: entry.campaign_id,
          campaign_name: candidate?.campaign_name ?? '',
          contact_email: entry.contact_email,
          talent_name: candidate?.talent_name ?? '',
          needs_assignment: false,
          candidates: [],
          attribution: { reason: 'assigned', campaign_confirmed: true },
        });
      });
      for (const conversation of assigned) state.set(conversation.id, conversation);
      return json(assignResponse.parse({ success: true, conversations: assigned }));
    }
    const id = path.replace('/api/v3/conversations/', '');
    const item = state.get(id);
    if (!item) return json({ success: false, error: 'Conversation not found' }, 404);
    if (method === 'GET') return json(fakeDetail(item, messagesOf(item), whyOf(item)));
    if (method === 'PATCH') {
      const next = applyPatch(item, body as ConversationPatchBody);
      state.set(id, next);
      return json(conversationPatchResponse.parse({ success: true, conversation: next }));
    }
    return json({ success: false, error: 'Method not allowed' }, 405);
  };
  return { fetch, calls, state };
};
