import { gmailThreadLink } from '../../functions/lib/google/links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignResponse,
  changesResponse,
  conversationDetailResponse,
  conversationListResponse,
  conversationPatchResponse,
  type ConversationJson,
  type ConversationListResponse,
} from '../../shared/schemas/conversations';
import { projectBoardRow } from '../../functions/lib/conversations/board/project';
import { messageKeyOf, newThreadKey } from '../../functions/lib/conversations/store';
import { conversationChangeEntity, visitEntity } from '../../functions/lib/store/entities/conversation-change';
import { conversationThreadEntity } from '../../functions/lib/store/entities/conversation-thread';
import { conversationEntity } from '../../functions/lib/store/entities/conversation';
import { mailMessageEntity } from '../../functions/lib/store/entities/mail-message';
import { ago, ANA, BEN, CLEO, DAN, DANIEL, DAY, dayFromNow, EVE, HOUR, MAYA, NOW } from '../support/api-talents';
import { storeManagerMail } from './conversation-items';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';

/**
 * The conversations API over HTTP against the local runtime. The conversation, thread, message
 * and change items are written with the entities (the pipeline that fills them has its own
 * suite); the contacts and campaigns go through the API.
 */


const id = (campaignId: string, email: string) => encodeURIComponent(`${campaignId}:${email}`);

describe('conversations API', () => {
  let booted: Booted;
  let staff: SignedIn;
  let other: SignedIn;
  let agency: string;
  let threadKey: string;
  let naKey: string;
  let naId: string;

  const list = async (query = '') => {
    const response = await staff.api.get<ConversationListResponse>(`/api/v3/conversations${query ? `?${query}` : ''}`);
    expect(response.status, response.text).toBe(200);
    return conversationListResponse.parse(response.body);
  };
  const rowIds = (body: { items: ConversationJson[] }) => body.items.map((item) => item.id);
  const patch = (target: string, body: unknown, caller = staff) => caller.api.request('PATCH', `/api/v3/conversations/${target}`, body);

  beforeAll(async () => {
    booted = await boot();
    staff = await signIn(booted.runtime, MAYA);
    agency = (await createAgency(staff, 'Conversations Agency')).agency.name;
    for (const [campaignId, name] of [
      ['glow-q1', 'Glow Serum Q1'],
      ['glow-q2', 'Glow Serum Q2'],
    ]) {
      expect((await staff.api.post('/api/campaigns/add', { campaign_id: campaignId, campaign_name: name, client_name: 'Lumen' })).status).toBe(200);
    }
    await booted.runtime.settleAsync();
    const contacts: [string, string, string, string?][] = [
      [ANA, 'Anaïs Dubois', 'glow-q1', '@anais'],
      [ANA, 'Anaïs Dubois', 'glow-q2', '@anais'],
      [BEN, 'Ben Ode', 'glow-q1'],
      [CLEO, 'Cléo Martin', 'glow-q1'],
      [DAN, 'Dan Frost', 'glow-q1'],
      [EVE, 'Eve Stone', 'glow-q1'],
    ];
    for (const [email, talentName, campaignId, handle] of contacts) {
      const added = await staff.api.post('/api/campaigns/contacts/add', { email, talent_name: talentName, campaign_id: campaignId, email_owner: email === CLEO ? 'boss@mgmt.com' : '', handle });
      expect(added.status, added.text).toBe(200);
    }
    expect((await staff.api.post('/api/campaigns/contacts/tracking/toggle', { email: DAN, tracking: false, campaign_id: 'glow-q1' })).status).toBe(200);
    await booted.runtime.settleAsync();

    // Ana in Q1: a real thread of three messages (one mailbox copy each).
    const mailbox = MAYA;
    const messages = [
      { messageId: '<m1@brightwave>', sentAt: ago(7 * DAY), side: 'agency' as const, fromEmail: MAYA, fromName: 'Maya', intent: 'offer' as const, summary: 'Offered a Reel.' },
      { messageId: '<m2@example>', sentAt: ago(6 * DAY), side: 'talent' as const, fromEmail: ANA, fromName: 'Anaïs', intent: 'counter' as const, summary: 'Asked 1,500 EUR.' },
      { messageId: '<m3@brightwave>', sentAt: ago(5 * DAY), side: 'agency' as const, fromEmail: MAYA, fromName: '', intent: 'question' as const, summary: 'Asked about dates.' },
    ];
    threadKey = newThreadKey(agency, messages[0]!.messageId);
    for (const [index, message] of messages.entries()) {
      await mailMessageEntity
        .put({
          agencyName: agency,
          messageKey: messageKeyOf(message.messageId),
          messageId: message.messageId,
          threadKey,
          copies: [`${mailbox}|msg${index}|18a1`],
          sentAt: message.sentAt,
          fromEmail: message.fromEmail,
          fromName: message.fromName,
          to: [message.side === 'agency' ? ANA : MAYA],
          cc: [],
          subject: 'Glow Serum collab',
          ownText: message.summary,
          autoReply: 'none',
          side: message.side,
          toOtherSide: true,
          summary: message.summary,
          intent: message.intent,
          ...(index === 1 ? { fees: [{ amount: 1500, currency: 'EUR', unit: 'per_post' as const, state: 'quoted' as const, quote: '1,500 EUR', messageId: message.messageId, setBy: 'model' as const }] } : {}),
          createdAt: message.sentAt,
        })
        .go();
    }
    await conversationThreadEntity
      .put({
        agencyName: agency,
        threadKey,
        version: 1,
        subject: 'Glow Serum collab',
        messageKeys: messages.map((message) => messageKeyOf(message.messageId)),
        copies: [`${mailbox}|18a1`],
        participants: [MAYA, ANA],
        targets: [{ contactEmail: ANA, campaignId: 'glow-q1', reason: 'talent_address', campaignConfirmed: true }],
        summary: 'Negotiating a Reel for Glow Serum.',
        firstMessageAt: messages[0]!.sentAt,
        lastMessageAt: messages[2]!.sentAt,
        createdAt: messages[0]!.sentAt,
        updatedAt: messages[2]!.sentAt,
      })
      .go();

    // Stored as the pipeline stores it: the item, then its board row (recompute.ts does both).
    const conversation = async (campaignId: string, subjectKey: string, fields: Record<string, unknown>) => {
      await conversationEntity.put({ agencyName: agency, campaignId, subjectKey, version: 2, updatedAt: ago(DAY), ...fields } as never).go();
      await projectBoardRow(agency, campaignId, subjectKey);
    };
    await conversation('glow-q1', ANA, {
      status: 'negotiating',
      whoseTurn: 'talent',
      turnSince: messages[2]!.sentAt,
      lastInboundAt: messages[1]!.sentAt,
      lastOutboundAt: messages[2]!.sentAt,
      lastMessageAt: messages[2]!.sentAt,
      messageCount: 3,
      subject: 'Glow Serum collab',
      summary: 'Negotiating a Reel for Glow Serum.',
      threadKeys: [threadKey],
      threadCopies: [`${mailbox}|18a1`],
      fees: [{ amount: 1500, currency: 'EUR', unit: 'per_post', state: 'quoted', quote: '1,500 EUR', messageId: messages[1]!.messageId, setBy: 'model' }],
      attributionReason: 'talent_address',
      updatedAt: messages[2]!.sentAt,
    });
    await conversation('glow-q2', ANA, { status: 'declined', messageCount: 2, summary: 'Not this time.', updatedAt: ago(20 * DAY) });
    await conversation('glow-q1', BEN, { status: 'awaiting_reply', whoseTurn: 'talent', turnSince: ago(6 * DAY), lastOutboundAt: ago(6 * DAY), messageCount: 1, updatedAt: ago(6 * DAY) });
    await conversation('glow-q1', CLEO, {
      status: 'confirmed',
      whoseTurn: 'agency',
      turnSince: ago(2 * DAY),
      messageCount: 8,
      fees: [{ amount: 900, currency: 'EUR', unit: 'per_post', state: 'agreed', quote: '900 agreed', setBy: 'model' }],
      dates: [
        { date: dayFromNow(-3), kind: 'draft_due', quote: 'draft last week', setBy: 'model' },
        { date: dayFromNow(10), kind: 'go_live', quote: 'live in ten days', setBy: 'model' },
      ],
      updatedAt: ago(2 * DAY),
    });
    // A conversation whose contact was removed: left out of the list.
    await conversation('glow-q1', 'gone@example.com', { status: 'replied', messageCount: 1 });

    // A manager's mail for two talents: needs assignment.
    ({ threadKey: naKey, id: naId } = await storeManagerMail({ agencyName: agency, mailbox: mailbox, candidates: [BEN, CLEO], campaignId: 'glow-q1' }));

    other = await signIn(booted.runtime, DANIEL);
    await createAgency(other, 'Other Conversations Agency');
  }, 180_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it('lists one row per contact per campaign (a contact with no mail is "not contacted"), without needs-assignment rows', async () => {
    const body = await list();
    expect(rowIds(body)).toEqual([`glow-q1:${ANA}`, `glow-q2:${ANA}`, `glow-q1:${BEN}`, `glow-q1:${CLEO}`, `glow-q1:${DAN}`, `glow-q1:${EVE}`]);
    expect(body.total).toBe(6);
    expect(body.cursor).toBeNull();
    expect(body.counts).toEqual({ not_contacted: 2, awaiting_reply: 1, replied: 0, negotiating: 1, confirmed: 1, declined: 1 });
    const byId = new Map(body.items.map((item) => [item.id, item]));
    expect(byId.get(`glow-q1:${EVE}`)).toMatchObject({ status: 'not_contacted', whose_turn: null, message_count: 0, threads: [], dates: [], fees: [], campaign_name: 'Glow Serum Q1', talent_name: 'Eve Stone', tracking: true });
    expect(byId.get(`glow-q1:${DAN}`)).toMatchObject({ tracking: false, status: 'not_contacted' });
    expect(byId.get(`glow-q1:${ANA}`)).toMatchObject({
      status: 'negotiating',
      whose_turn: 'talent',
      follow_up: true,
      message_count: 3,
      handle: '@anais',
      latest_fee: { amount: 1500, state: 'quoted', set_by: 'model' },
      threads: [{ mailbox: MAYA, thread_id: '18a1', gmail_url: gmailThreadLink(MAYA, '18a1') }],
    });
    const cleo = byId.get(`glow-q1:${CLEO}`)!;
    expect(cleo.dates.map((date) => date.date)).toEqual([dayFromNow(10), dayFromNow(-3)]);
    expect(cleo.next_date?.date).toBe(dayFromNow(10));
    expect(cleo.latest_fee?.amount).toBe(900);
  });

  it('filters on the server: campaign, e-mail, status, turn, follow-up, tracking, search', async () => {
    expect(rowIds(await list('campaign_id=glow-q2'))).toEqual([`glow-q2:${ANA}`]);
    expect(rowIds(await list(`contact_email=${encodeURIComponent('ANA@example.com')}`))).toEqual([`glow-q1:${ANA}`, `glow-q2:${ANA}`]);
    expect(rowIds(await list('status=confirmed,declined'))).toEqual([`glow-q2:${ANA}`, `glow-q1:${CLEO}`]);
    expect(rowIds(await list('turn=talent'))).toEqual([`glow-q1:${ANA}`, `glow-q1:${BEN}`]);
    expect(rowIds(await list('follow_up=true'))).toEqual([`glow-q1:${ANA}`, `glow-q1:${BEN}`]);
    expect(rowIds(await list('tracking=off'))).toEqual([`glow-q1:${DAN}`]);
    expect(rowIds(await list('q=anais'))).toEqual([`glow-q1:${ANA}`, `glow-q2:${ANA}`]);
    expect(rowIds(await list(`q=${encodeURIComponent('CLÉO')}`))).toEqual([`glow-q1:${CLEO}`]);
    expect(rowIds(await list('q=boss%40mgmt'))).toEqual([`glow-q1:${CLEO}`]);
    expect(rowIds(await list('q=not%20this%20time'))).toEqual([`glow-q2:${ANA}`]);
    const filtered = await list('campaign_id=glow-q1&status=not_contacted,awaiting_reply');
    expect(filtered.total).toBe(3);
    expect(filtered.counts).toMatchObject({ not_contacted: 2, awaiting_reply: 1, negotiating: 0 });
  });

  it('lists needs-assignment conversations only when asked, their candidates named', async () => {
    const body = await list('needs_assignment=true');
    expect(rowIds(body)).toEqual([naId]);
    expect(body.items[0]).toMatchObject({
      campaign_id: null,
      contact_email: null,
      needs_assignment: true,
      status: 'replied',
      candidates: [
        { contact_email: BEN, talent_name: 'Ben Ode', campaign_id: 'glow-q1', campaign_name: 'Glow Serum Q1' },
        { contact_email: CLEO, talent_name: 'Cléo Martin', campaign_id: 'glow-q1', campaign_name: 'Glow Serum Q1' },
      ],
    });
    expect((await list('needs_assignment=true&campaign_id=glow-q2')).total).toBe(0);
    expect((await list('needs_assignment=false')).total).toBe(6);
  });

  it('follows the agency\'s follow-up delay (processing-limits follow_up_after_days)', async () => {
    const limits = await staff.api.get<{ settings: Record<string, number> }>('/api/v3/settings/processing-limits');
    expect(limits.body.settings.follow_up_after_days).toBe(3);
    expect((await staff.api.post('/api/v3/settings/processing-limits', { follow_up_after_days: 61 })).body.error).toBe('follow_up_after_days must be between 1 and 60');
    expect((await staff.api.post('/api/v3/settings/processing-limits', { follow_up_after_days: 6 })).status).toBe(200);
    expect(rowIds(await list('follow_up=true'))).toEqual([`glow-q1:${BEN}`]);
    expect((await staff.api.post('/api/v3/settings/processing-limits', { follow_up_after_days: 3 })).status).toBe(200);
  });

  it('sorts and pages end to end with an opaque cursor and a stable total', async () => {
    const whole = await list('sort=-messages');
    // Descending reverses the ties too: Eve before Dan (both without mail).
    expect(rowIds(whole)).toEqual([`glow-q1:${CLEO}`, `glow-q1:${ANA}`, `glow-q2:${ANA}`, `glow-q1:${BEN}`, `glow-q1:${EVE}`, `glow-q1:${DAN}`]);
    expect(rowIds(await list('sort=waiting'))).toEqual([`glow-q1:${BEN}`, `glow-q1:${ANA}`, `glow-q1:${CLEO}`, `glow-q2:${ANA}`, `glow-q1:${DAN}`, `glow-q1:${EVE}`]);
    expect(rowIds(await list('sort=status'))[0]).toBe(`glow-q1:${DAN}`);
    expect(rowIds(await list('sort=-next_date'))[0]).toBe(`glow-q1:${CLEO}`);

    const walked: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ConversationListResponse = await list(`sort=-messages&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(6);
      walked.push(...rowIds(page));
      cursor = page.cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(walked).toEqual(rowIds(whole));

    const first = await list('sort=-messages&limit=2');
    const elsewhere = await staff.api.get(`/api/v3/conversations?sort=talent&limit=2&cursor=${first.cursor}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toBe('Invalid cursor');
    expect((await staff.api.get('/api/v3/conversations?cursor=bm9wZQ')).body.error).toBe('Invalid cursor');
    expect((await staff.api.get('/api/v3/conversations?cursor=%2F%2F')).body.error).toBe('Invalid cursor');
  });

  it('refuses bad query values with clear 400s, and an unknown campaign with 404', async () => {
    const refused: [string, string][] = [
      ['status=won', 'status must be one of not_contacted, awaiting_reply, replied, negotiating, confirmed, declined'],
      ['turn=client', 'turn must be agency or talent'],
      ['tracking=yes', 'tracking must be on or off'],
      ['sort=price', 'sort must be one of talent, status, turn, waiting, last_inbound, last_outbound, next_date, fee, messages, updated (prefix - for descending)'],
      ['contact_email=ana', 'contact_email must be an e-mail address'],
    ];
    for (const [query, message] of refused) {
      const response = await staff.api.get(`/api/v3/conversations?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error, query).toBe(message);
    }
    for (const query of ['limit=0', 'limit=501', 'limit=ten', 'follow_up=maybe']) {
      const response = await staff.api.get(`/api/v3/conversations?${query}`);
      expect(response.status, query).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    const unknown = await staff.api.get('/api/v3/conversations?campaign_id=nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Campaign "nope" not found');
  });

  it('answers one conversation with its messages oldest first, a not-contacted one and a needs-assignment one', async () => {
    const detail = await staff.api.get(`/api/v3/conversations/${id('glow-q1', ANA)}`);
    expect(detail.status, detail.text).toBe(200);
    const body = conversationDetailResponse.parse(detail.body);
    expect(body.conversation.id).toBe(`glow-q1:${ANA}`);
    expect(body.messages.map((message) => [message.message_id, message.side, message.intent, message.from])).toEqual([
      ['<m1@brightwave>', 'agency', 'offer', `Maya <${MAYA}>`],
      ['<m2@example>', 'talent', 'counter', `Anaïs <${ANA}>`],
      ['<m3@brightwave>', 'agency', 'question', MAYA],
    ]);
    expect(body.messages[0]).toMatchObject({ mailbox: MAYA, gmail_url: gmailThreadLink(MAYA, '18a1'), auto_reply: 'none', summary: 'Offered a Reel.' });

    const eve = conversationDetailResponse.parse((await staff.api.get(`/api/v3/conversations/${id('glow-q1', EVE)}`)).body);
    expect(eve.conversation.status).toBe('not_contacted');
    expect(eve.messages).toEqual([]);

    const na = conversationDetailResponse.parse((await staff.api.get(`/api/v3/conversations/${naId}`)).body);
    expect(na.conversation.candidates.map((candidate) => candidate.talent_name)).toEqual(['Ben Ode', 'Cléo Martin']);
    expect(na.messages.map((message) => message.from)).toEqual(['Boss <boss@mgmt.com>']);
  });

  it('answers 404 for an unknown conversation, a removed contact and another agency\'s, 400 for a malformed id', async () => {
    for (const target of [id('glow-q1', 'nobody@example.com'), id('glow-q1', 'gone@example.com'), id('glow-q9', ANA), `~na:${'f'.repeat(32)}`]) {
      const response = await staff.api.get(`/api/v3/conversations/${target}`);
      expect(response.status, target).toBe(404);
      expect(response.body.error).toBe('Conversation not found');
    }
    for (const target of [id('glow-q1', ANA), naId]) {
      const response = await other.api.get(`/api/v3/conversations/${target}`);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('Anaïs');
    }
    expect((await other.api.get('/api/v3/conversations?campaign_id=glow-q1')).status).toBe(404);
    expect((await other.api.get('/api/v3/conversations')).body).toMatchObject({ items: [], total: 0 });
    for (const target of ['not-an-id', encodeURIComponent('glow q1:ana@example.com'), '~na:XYZ']) {
      const response = await staff.api.get(`/api/v3/conversations/${target}`);
      expect(response.status, target).toBe(400);
      expect(response.body.error).toBe('Unknown conversation');
    }
  });

  it('answers what changed since a moment, or since the previous visit (recording this one)', async () => {
    const change = (at: string, email: string, fields: Record<string, unknown>) =>
      conversationChangeEntity
        .put({ agencyName: agency, at, conversationId: `glow-q1:${email}`, campaignId: 'glow-q1', contactEmail: email, expires_at_epoch: Math.floor((NOW + 30 * DAY) / 1000), ...fields } as never)
        .go();
    await change(ago(1 * HOUR), ANA, { kind: 'reply', status: 'negotiating', summary: 'Asked 1,500 EUR.' });
    await change(ago(2 * HOUR), CLEO, { kind: 'status', status: 'confirmed', previousStatus: 'negotiating', summary: 'Agreed.' });
    await change(ago(8 * DAY), BEN, { kind: 'reply', status: 'replied' });
    await change(ago(30 * 60_000), EVE, { kind: 'reply', status: 'replied', expires_at_epoch: Math.floor((NOW - 60_000) / 1000) });

    const since = ago(3 * HOUR);
    const explicit = await staff.api.get(`/api/v3/conversations/changes?since=${encodeURIComponent(since)}`);
    expect(explicit.status, explicit.text).toBe(200);
    const body = changesResponse.parse(explicit.body);
    expect(body.since).toBe(since);
    expect(body.items).toEqual([
      { conversation_id: `glow-q1:${ANA}`, campaign_id: 'glow-q1', contact_email: ANA, talent_name: 'Anaïs Dubois', kind: 'reply', at: ago(HOUR), status: 'negotiating', previous_status: null, summary: 'Asked 1,500 EUR.' },
      { conversation_id: `glow-q1:${CLEO}`, campaign_id: 'glow-q1', contact_email: CLEO, talent_name: 'Cléo Martin', kind: 'status', at: ago(2 * HOUR), status: 'confirmed', previous_status: 'negotiating', summary: 'Agreed.' },
    ]);
    expect((await staff.api.get(`/api/v3/conversations/changes?since=${encodeURIComponent(since)}&limit=1`)).body.items).toHaveLength(1);
    expect(await visitEntity.get({ email: MAYA, agencyName: agency }).go()).toMatchObject({ data: null });

    // First visit: the last 7 days; the visit is recorded.
    const first = changesResponse.parse((await staff.api.get('/api/v3/conversations/changes')).body);
    expect(first.since).toBeNull();
    expect(first.items.map((item) => item.contact_email)).toEqual([ANA, CLEO]);
    const visit = (await visitEntity.get({ email: MAYA, agencyName: agency }).go()).data!;
    expect(visit.previousVisitAt).toBeUndefined();
    expect(Date.now() - Date.parse(visit.lastVisitAt)).toBeLessThan(60_000);

    // Back within 30 minutes: still the same visit.
    expect(changesResponse.parse((await staff.api.get('/api/v3/conversations/changes')).body).since).toBeNull();

    // Back 90 minutes after the last visit: the list starts there.
    const lastVisit = ago(90 * 60_000);
    await visitEntity.put({ email: MAYA, agencyName: agency, lastVisitAt: lastVisit }).go();
    const later = changesResponse.parse((await staff.api.get('/api/v3/conversations/changes')).body);
    expect(later.since).toBe(lastVisit);
    expect(later.items.map((item) => item.contact_email)).toEqual([ANA]);
    expect((await visitEntity.get({ email: MAYA, agencyName: agency }).go()).data).toMatchObject({ previousVisitAt: lastVisit });

    const bad = await staff.api.get('/api/v3/conversations/changes?since=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('since must be an ISO date-time');
    expect((await other.api.get(`/api/v3/conversations/changes?since=${encodeURIComponent(since)}`)).body.items).toEqual([]);
  });

  it("PATCH stores a person's corrections on the item and answers the conversation rebuilt", async () => {
    const key = { agencyName: agency, campaignId: 'glow-q1', subjectKey: ANA };
    const before = (await conversationEntity.get(key).go()).data!;
    const goLive = dayFromNow(20);
    const response = await patch(id('glow-q1', ANA), {
      dates: [{ date: goLive, kind: 'go_live', quote: 'Go live agreed by phone' }],
      fees: [{ amount: 1200, currency: 'eur', unit: 'per_post', state: 'agreed', vat_included: false }],
    });
    expect(response.status, response.text).toBe(200);
    const { conversation } = conversationPatchResponse.parse(response.body);
    expect(conversation.corrected_fields).toEqual(['dates', 'fees']);
    expect(conversation.latest_fee).toMatchObject({ amount: 1200, currency: 'EUR', state: 'agreed', vat_included: false, set_by: 'person' });
    expect(conversation.next_date).toMatchObject({ date: goLive, kind: 'go_live', set_by: 'person', quote: 'Go live agreed by phone' });
    expect(conversation.message_count).toBe(3);

    const stored = (await conversationEntity.get(key).go()).data!;
    expect([...(stored.correctedFields ?? [])].sort()).toEqual(['dates', 'fees']);
    expect(stored.personDates).toEqual([{ date: goLive, kind: 'go_live', quote: 'Go live agreed by phone', setBy: 'person' }]);
    expect(stored.personFees).toEqual([{ amount: 1200, currency: 'EUR', unit: 'per_post', vatIncluded: false, state: 'agreed', quote: '', setBy: 'person' }]);
    expect(Date.parse(stored.correctedAt!)).toBeGreaterThan(NOW - 60_000);
    expect(stored.version).toBeGreaterThan(before.version);

    // null hands the fees back to the model; the dates stay corrected.
    const handedBack = await patch(id('glow-q1', ANA), { fees: null });
    expect(handedBack.status, handedBack.text).toBe(200);
    expect(conversationPatchResponse.parse(handedBack.body).conversation.corrected_fields).toEqual(['dates']);
    const after = (await conversationEntity.get(key).go()).data!;
    expect([...(after.correctedFields ?? [])]).toEqual(['dates']);
    expect(after.personFees).toBeUndefined();
    expect(after.personDates).toHaveLength(1);
  });

  it('PATCH creates the item of a contact with no mail yet, and corrects status and turn', async () => {
    const key = { agencyName: agency, campaignId: 'glow-q1', subjectKey: EVE };
    expect((await conversationEntity.get(key).go()).data).toBeNull();
    const response = await patch(id('glow-q1', EVE), { status: 'declined', whose_turn: 'agency' });
    expect(response.status, response.text).toBe(200);
    const { conversation } = conversationPatchResponse.parse(response.body);
    expect(conversation).toMatchObject({ id: `glow-q1:${EVE}`, status: 'declined', corrected_fields: ['status', 'whose_turn'], talent_name: 'Eve Stone' });
    const stored = (await conversationEntity.get(key).go()).data!;
    expect(stored).toMatchObject({ correctedStatus: 'declined', correctedTurn: 'agency', status: 'declined' });
    expect([...(stored.correctedFields ?? [])].sort()).toEqual(['status', 'whose_turn']);
    expect((await list('status=declined')).items.map((item) => item.id)).toContain(`glow-q1:${EVE}`);

    const cleared = await patch(id('glow-q1', EVE), { status: null, whose_turn: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(conversationPatchResponse.parse(cleared.body).conversation.corrected_fields).toEqual([]);
    const clearedItem = (await conversationEntity.get(key).go()).data!;
    expect(clearedItem.correctedFields).toBeUndefined();
    expect(clearedItem.correctedStatus).toBeUndefined();
  });

  it('10 concurrent PATCHes of one conversation all answer 200 or 409, never 500, and the stored status is one of them', async () => {
    const statuses = ['declined', 'negotiating', 'confirmed', 'replied', 'awaiting_reply'] as const;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => patch(id('glow-q1', EVE), { status: statuses[i % statuses.length] })));
    for (const answer of answers) expect([200, 409], answer.text).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    const stored = (await conversationEntity.get({ agencyName: agency, campaignId: 'glow-q1', subjectKey: EVE }).go()).data!;
    expect(statuses).toContain(stored.correctedStatus);
    expect((await patch(id('glow-q1', EVE), { status: null })).status).toBe(200);
  });

  it('PATCH refuses bad bodies, unknown contacts and other agencies, changing nothing', async () => {
    const refused: [unknown, string][] = [
      [{}, 'Nothing to change: give status, whose_turn, dates or fees'],
      [{ status: 'won' }, 'status must be one of not_contacted, awaiting_reply, replied, negotiating, confirmed, declined'],
      [{ fees: [{ amount: 10, currency: 'EURO', unit: 'per_post', state: 'agreed' }] }, 'currency must be a 3-letter code'],
      [{ dates: [{ date: '2027-02-30', kind: 'go_live' }] }, 'date must be a real day'],
    ];
    for (const [body, message] of refused) {
      const response = await patch(id('glow-q1', BEN), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe(message);
    }
    const ben = (await conversationEntity.get({ agencyName: agency, campaignId: 'glow-q1', subjectKey: BEN }).go()).data!;
    expect(ben.version).toBe(2);
    expect(ben.correctedFields).toBeUndefined();

    expect((await patch(id('glow-q2', BEN), { status: 'confirmed' })).status).toBe(404);
    expect((await patch(naId, { status: 'confirmed' })).status).toBe(400);
    const foreign = await patch(id('glow-q1', BEN), { status: 'confirmed' }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Conversation not found');
    expect((await conversationEntity.get({ agencyName: agency, campaignId: 'glow-q1', subjectKey: BEN }).go()).data!.version).toBe(2);
  });

  it('assign refuses talents who are not tracked contacts of the campaign, and unknown or foreign conversations', async () => {
    const assign = (body: unknown, caller = staff) => caller.api.post('/api/v3/conversations/assign', body);
    const notContact = await assign({ id: naId, assignments: [{ contact_email: 'nobody@example.com', campaign_id: 'glow-q1' }] });
    expect(notContact.status).toBe(400);
    expect(notContact.body.error).toBe('nobody@example.com is not a contact of campaign "glow-q1"');
    const wrongCampaign = await assign({ id: naId, assignments: [{ contact_email: BEN, campaign_id: 'glow-q1' }, { contact_email: BEN, campaign_id: 'glow-q2' }] });
    expect(wrongCampaign.body.error).toBe(`${BEN} is not a contact of campaign "glow-q2"`);
    const untracked = await assign({ id: naId, assignments: [{ contact_email: DAN, campaign_id: 'glow-q1' }] });
    expect(untracked.status).toBe(400);
    expect(untracked.body.error).toBe(`${DAN} is not tracked in campaign "glow-q1"; turn tracking on first`);
    expect((await assign({ id: `~na:${'e'.repeat(32)}`, assignments: [{ contact_email: BEN, campaign_id: 'glow-q1' }] })).status).toBe(404);
    expect((await assign({ id: naId, assignments: [{ contact_email: BEN, campaign_id: 'glow-q1' }] }, other)).status).toBe(404);
    expect((await assign({ id: `glow-q1:${BEN}`, assignments: [{ contact_email: BEN, campaign_id: 'glow-q1' }] })).body.error).toBe('id must be a needs-assignment conversation id');
    const thread = (await conversationThreadEntity.get({ agencyName: agency, threadKey: naKey }).go()).data!;
    expect(thread.assignment).toBeUndefined();
    expect(thread.version).toBe(1);
  });

  it('"none of these" dismisses a needs-assignment conversation: remembered on the thread, out of the queue; assigning later lifts it', async () => {
    const response = await staff.api.post('/api/v3/conversations/assign', { id: naId, dismiss: true });
    expect(response.status, response.text).toBe(200);
    expect(assignResponse.parse(response.body).conversations).toEqual([]);
    const thread = (await conversationThreadEntity.get({ agencyName: agency, threadKey: naKey }).go()).data!;
    expect(thread).toMatchObject({ dismissed: true, assignment: [], needsAssignment: false, targets: [] });
    expect(rowIds(await list('needs_assignment=true'))).toEqual([]);
    expect((await staff.api.post('/api/v3/conversations/assign', { id: naId, dismiss: true, assignments: [{ contact_email: BEN, campaign_id: 'glow-q1' }] })).body.error).toBe('Dismiss or choose talents, not both');
  });

  it('assign stores the assignment on the thread and answers the assigned conversations', async () => {
    const response = await staff.api.post('/api/v3/conversations/assign', { id: naId, assignments: [{ contact_email: BEN.toUpperCase(), campaign_id: 'glow-q1' }] });
    expect(response.status, response.text).toBe(200);
    const { conversations } = assignResponse.parse(response.body);
    expect(conversations.map((conversation) => conversation.id)).toEqual([`glow-q1:${BEN}`]);
    const thread = (await conversationThreadEntity.get({ agencyName: agency, threadKey: naKey }).go()).data!;
    expect(thread.assignment).toEqual([{ contactEmail: BEN, campaignId: 'glow-q1' }]);
    expect(thread.dismissed).toBe(false);
    expect(thread.version).toBeGreaterThan(1);
    // Attributed again: the thread joins Ben's conversation and no longer waits for a person.
    expect(conversations[0]).toMatchObject({ attribution: { reason: 'assigned' }, needs_assignment: false });
    expect(conversations[0]!.threads.map((link) => link.thread_id)).toContain('18b2');
    expect(rowIds(await list('needs_assignment=true'))).toEqual([]);
  });
});
