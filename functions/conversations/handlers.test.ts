import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assignResponse,
  changesResponse,
  conversationDetailResponse,
  conversationListResponse,
  conversationPatchResponse,
  type ConversationJson,
} from '../../shared/schemas/conversations';
import type { ContactItem } from '../lib/campaigns/contact-store';
import { toConversationJson } from '../lib/conversations/read-model';
import type { ConversationItem } from '../lib/store/entities/conversation';

const { memberScope } = await vi.importActual<typeof import('../lib/session/resolve')>('../lib/session/resolve');
const session = { tokenHash: 'h', email: 'maya@agency.com', agencyName: 'Brightwave', via: 'bearer' } as const;
const scope = memberScope(session, { agencyName: 'Brightwave', email: 'maya@agency.com', role: 'owner', status: 'active' })!;

vi.mock('../lib/session/resolve', () => ({ resolveSession: vi.fn(async () => ({ session, scope })) }));
vi.mock('../lib/conversations/list', () => ({ listConversations: vi.fn(), conversationDetail: vi.fn() }));
vi.mock('../lib/conversations/changes', () => ({ listChanges: vi.fn() }));
vi.mock('../lib/conversations/corrections', () => ({ correctConversation: vi.fn() }));
vi.mock('../lib/conversations/assign', () => ({ assignConversation: vi.fn() }));

const { listConversations, conversationDetail } = await import('../lib/conversations/list');
const { listChanges } = await import('../lib/conversations/changes');
const { correctConversation } = await import('../lib/conversations/corrections');
const { assignConversation } = await import('../lib/conversations/assign');
const handlers = {
  list: (await import('./list')).handler,
  changes: (await import('./changes')).handler,
  get: (await import('./get')).handler,
  patch: (await import('./patch')).handler,
  assign: (await import('./assign')).handler,
};

const NOW = Date.parse('2027-03-10T12:00:00.000Z');

const contact = { agencyName: 'Brightwave', campaignId: 'glow-q1', email: 'ana@example.com', talentName: 'Ana', emailOwner: '', trackingEnabled: true } as ContactItem;
const conversation: ConversationJson = toConversationJson({
  item: {
    agencyName: 'Brightwave',
    campaignId: 'glow-q1',
    subjectKey: 'ana@example.com',
    version: 2,
    status: 'negotiating',
    whoseTurn: 'talent',
    turnSince: '2027-03-01T00:00:00.000Z',
    messageCount: 3,
    fees: [{ amount: 900, currency: 'EUR', unit: 'per_post', state: 'quoted', quote: '900', setBy: 'model' }],
    dates: [{ date: '2027-04-01', kind: 'go_live', quote: 'April 1st', setBy: 'model' }],
    threadCopies: ['maya@agency.com|18c'],
    correctedFields: ['status'],
    updatedAt: '2027-03-01T00:00:00.000Z',
  } as ConversationItem,
  contact,
  now: NOW,
  followUpAfterDays: 3,
});

const event = (method: string, path: string, init: { query?: Record<string, string>; params?: Record<string, string>; body?: unknown } = {}): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { authorization: 'Bearer token', 'x-requested-with': 'test', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    queryStringParameters: init.query,
    pathParameters: init.params,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', http: { method, path } },
  }) as unknown as APIGatewayProxyEventV2;

const call = async (handler: (event: APIGatewayProxyEventV2) => Promise<{ statusCode?: number; body?: string }>, e: APIGatewayProxyEventV2) => {
  const response = await handler(e);
  return { status: response.statusCode, body: JSON.parse(response.body ?? '{}') as Record<string, unknown> };
};

beforeEach(() => vi.clearAllMocks());

describe('GET /api/v3/conversations', () => {
  const route = (query?: Record<string, string>) => event('GET', '/api/v3/conversations', { query });

  it('answers a page the list schema accepts, with the parsed query', async () => {
    vi.mocked(listConversations).mockResolvedValue({
      items: [conversation],
      cursor: 'abc',
      total: 1,
      counts: { not_contacted: 0, awaiting_reply: 0, replied: 0, negotiating: 1, confirmed: 0, declined: 0 },
    });
    const response = await call(handlers.list, route({ status: 'negotiating, replied', turn: 'talent', follow_up: 'true', tracking: 'on', needs_assignment: 'false', contact_email: 'ANA@example.com', limit: '10', sort: '-waiting' }));
    expect(response.status).toBe(200);
    expect(conversationListResponse.parse(response.body)).toEqual(response.body);
    expect(vi.mocked(listConversations).mock.calls[0]![0]).toBe(scope);
    expect(vi.mocked(listConversations).mock.calls[0]![1]).toEqual({
      status: ['negotiating', 'replied'],
      turn: 'talent',
      follow_up: true,
      tracking: 'on',
      needs_assignment: false,
      contact_email: 'ana@example.com',
      limit: 10,
      sort: '-waiting',
    });
  });

  it.each([
    [{ status: 'won' }, 'status must be one of not_contacted, awaiting_reply, replied, negotiating, confirmed, declined'],
    [{ turn: 'nobody' }, 'turn must be agency or talent'],
    [{ tracking: 'maybe' }, 'tracking must be on or off'],
    [{ sort: 'price' }, 'sort must be one of talent, status, turn, waiting, last_inbound, last_outbound, next_date, fee, messages, updated (prefix - for descending)'],
    [{ cursor: 'not/valid' }, 'Invalid cursor'],
    [{ limit: '0' }, undefined],
    [{ limit: '501' }, undefined],
    [{ contact_email: 'nope' }, 'contact_email must be an e-mail address'],
    [{ q: 'x'.repeat(201) }, 'q must be 200 characters or fewer'],
  ])('refuses %j with 400', async (query, message) => {
    const response = await call(handlers.list, route(query as Record<string, string>));
    expect(response.status).toBe(400);
    expect(typeof response.body.error).toBe('string');
    if (message) expect(response.body.error).toBe(message);
    expect(listConversations).not.toHaveBeenCalled();
  });
});

describe('GET /api/v3/conversations/changes', () => {
  it('answers changes the schema accepts', async () => {
    vi.mocked(listChanges).mockResolvedValue({
      since: '2027-03-09T00:00:00.000Z',
      items: [
        { conversation_id: 'glow-q1:ana@example.com', campaign_id: 'glow-q1', contact_email: 'ana@example.com', talent_name: 'Ana', kind: 'status', at: '2027-03-09T10:00:00.000Z', status: 'confirmed', previous_status: 'negotiating', summary: 'Agreed' },
      ],
    });
    const response = await call(handlers.changes, event('GET', '/api/v3/conversations/changes', { query: { since: '2027-03-09T00:00:00Z', limit: '20' } }));
    expect(response.status).toBe(200);
    expect(changesResponse.parse(response.body)).toEqual(response.body);
    expect(vi.mocked(listChanges).mock.calls[0]![1]).toEqual({ since: '2027-03-09T00:00:00Z', limit: 20 });
  });

  it('refuses a since that is not a date and a limit out of range', async () => {
    const bad = await call(handlers.changes, event('GET', '/api/v3/conversations/changes', { query: { since: 'yesterday' } }));
    expect(bad).toMatchObject({ status: 400, body: { error: 'since must be an ISO date-time' } });
    expect((await call(handlers.changes, event('GET', '/api/v3/conversations/changes', { query: { limit: '201' } }))).status).toBe(400);
  });
});

describe('GET /api/v3/conversations/{id}', () => {
  it('answers the conversation and its messages, decoding the id', async () => {
    vi.mocked(conversationDetail).mockResolvedValue({
      conversation,
      messages: [
        { message_id: '<m1@x>', date: '2027-03-01T00:00:00.000Z', from: 'Ana <ana@example.com>', side: 'talent', summary: 'Quoted 900', intent: 'offer', auto_reply: 'none', mailbox: 'maya@agency.com', gmail_url: 'https://mail.google.com/mail/u/maya@agency.com/#all/18c' },
      ],
    });
    const response = await call(handlers.get, event('GET', '/api/v3/conversations/{id}', { params: { id: encodeURIComponent('glow-q1:ana@example.com') } }));
    expect(response.status).toBe(200);
    expect(conversationDetailResponse.parse(response.body)).toEqual(response.body);
    expect(vi.mocked(conversationDetail).mock.calls[0]![1]).toBe('glow-q1:ana@example.com');
  });

  it.each(['changes', 'glow-q1', '~na:xyz', 'glow q1:ana@example.com', `${'a'.repeat(65)}:ana@example.com`])('refuses the id %s with 400 "Unknown conversation"', async (id) => {
    const response = await call(handlers.get, event('GET', '/api/v3/conversations/{id}', { params: { id: encodeURIComponent(id) } }));
    expect(response).toMatchObject({ status: 400, body: { error: 'Unknown conversation' } });
    expect(conversationDetail).not.toHaveBeenCalled();
  });
});

describe('PATCH /api/v3/conversations/{id}', () => {
  const patch = (body: unknown, id = 'glow-q1:ana@example.com') => event('PATCH', '/api/v3/conversations/{id}', { params: { id: encodeURIComponent(id) }, body });

  it('answers the rebuilt conversation', async () => {
    vi.mocked(correctConversation).mockResolvedValue(conversation);
    const response = await call(handlers.patch, patch({ status: 'confirmed', whose_turn: null, fees: [{ amount: 1000, currency: 'eur', unit: 'per_post', state: 'agreed' }] }));
    expect(response.status).toBe(200);
    expect(conversationPatchResponse.parse(response.body)).toEqual(response.body);
    expect(vi.mocked(correctConversation).mock.calls[0]![2]).toEqual({
      status: 'confirmed',
      whose_turn: null,
      fees: [{ amount: 1000, currency: 'EUR', unit: 'per_post', state: 'agreed', vat_included: null, quote: '' }],
    });
  });

  it.each([
    [{}, 'Nothing to change: give status, whose_turn, dates or fees'],
    [{ whose_turn: 'client' }, 'whose_turn must be agency or talent'],
    [{ dates: [{ date: '01/04/2027', kind: 'go_live' }] }, 'date must be yyyy-MM-dd'],
    [{ fees: [{ amount: 'lots', currency: 'EUR', unit: 'per_post', state: 'agreed' }] }, 'amount must be a number'],
  ])('refuses %j with a clear 400', async (body, message) => {
    const response = await call(handlers.patch, patch(body));
    expect(response).toMatchObject({ status: 400, body: { error: message } });
    expect(correctConversation).not.toHaveBeenCalled();
  });
});

describe('POST /api/v3/conversations/assign', () => {
  const assign = (body: unknown) => event('POST', '/api/v3/conversations/assign', { body });

  it('passes a dismissal ("none of these") on, with no talents', async () => {
    vi.mocked(assignConversation).mockResolvedValue([]);
    const response = await call(handlers.assign, assign({ id: `~na:${'a'.repeat(32)}`, dismiss: true }));
    expect(response.status).toBe(200);
    expect(assignResponse.parse(response.body)).toEqual({ success: true, conversations: [] });
    expect(vi.mocked(assignConversation).mock.calls.at(-1)![1]).toEqual({ id: `~na:${'a'.repeat(32)}`, assignments: [], dismiss: true });
  });

  it('answers the assigned conversations', async () => {
    vi.mocked(assignConversation).mockResolvedValue([conversation]);
    const response = await call(handlers.assign, assign({ id: `~na:${'a'.repeat(32)}`, assignments: [{ contact_email: 'Ana@Example.com', campaign_id: 'glow-q1' }] }));
    expect(response.status).toBe(200);
    expect(assignResponse.parse(response.body)).toEqual(response.body);
    expect(vi.mocked(assignConversation).mock.calls[0]![1]).toEqual({ id: `~na:${'a'.repeat(32)}`, assignments: [{ contact_email: 'ana@example.com', campaign_id: 'glow-q1' }] });
  });

  it.each([
    [{ id: 'glow-q1:ana@example.com', assignments: [{ contact_email: 'ana@example.com', campaign_id: 'glow-q1' }] }, 'id must be a needs-assignment conversation id'],
    [{ id: `~na:${'a'.repeat(32)}`, assignments: [] }, 'Choose at least one talent'],
    [{ id: `~na:${'a'.repeat(32)}`, assignments: [{ contact_email: 'ana@example.com', campaign_id: 'glow-q1' }], dismiss: true }, 'Dismiss or choose talents, not both'],
    [{ id: `~na:${'a'.repeat(32)}`, assignments: [{ contact_email: 'x', campaign_id: 'glow-q1' }] }, 'contact_email must be an e-mail address'],
    [{ id: `~na:${'a'.repeat(32)}`, assignments: [{ contact_email: 'ana@example.com', campaign_id: '' }] }, 'campaign_id is required'],
  ])('refuses %j with a clear 400', async (body, message) => {
    const response = await call(handlers.assign, assign(body));
    expect(response).toMatchObject({ status: 400, body: { error: message } });
    expect(assignConversation).not.toHaveBeenCalled();
  });
});
