import { describe, expect, it } from 'vitest';
import { conversationListQuery, conversationListResponse, type ConversationJson, type ConversationListQuery } from '../../../shared/schemas/conversations';
import { AppError } from '../http/errors';
import type { ContactItem } from '../campaigns/contact-store';
import type { CampaignItem } from '../store/entities/campaign';
import type { ConversationItem } from '../store/entities/conversation';
import { decodeCursor, encodeCursor, filterSortPage, mergeRows } from './list';

const NOW = Date.parse('2027-03-10T12:00:00.000Z');

/** A row as the read model makes it; only what a test sets differs. */
const row = (over: Partial<ConversationJson> & { email?: string; name?: string; campaign?: string }): ConversationJson => {
  const { email = 'x@example.com', name = 'X', campaign = 'glow-q1', ...rest } = over;
  return {
    id: `${campaign}:${email}`,
    campaign_id: campaign,
    campaign_name: 'Glow',
    contact_email: email,
    talent_name: name,
    handle: '',
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
    attribution: { reason: 'none', campaign_confirmed: true },
    needs_assignment: false,
    candidates: [],
    follow_up: false,
    threads: [],
    thread_count: 0,
    corrected_fields: [],
    failures: [],
    updated_at: null,
    ...rest,
  };
};

const fee = (amount: number) => ({ amount, currency: 'EUR', unit: 'per_post' as const, vat_included: null, state: 'agreed' as const, quote: '', message_id: null, set_by: 'model' as const });
const keyDate = (date: string) => ({ date, kind: 'go_live' as const, quote: '', message_id: null, set_by: 'model' as const });

const ROWS: ConversationJson[] = [
  row({ email: 'ana@example.com', name: 'Anaïs Dubois', status: 'negotiating', whose_turn: 'agency', turn_since: '2027-03-08T00:00:00.000Z', last_inbound_at: '2027-03-08T00:00:00.000Z', message_count: 5, latest_fee: fee(1500), updated_at: '2027-03-08T01:00:00.000Z', next_date: keyDate('2027-04-01'), subject: 'Glow collab', handle: '@anais' }),
  row({ email: 'ben@example.com', name: 'Ben Ode', status: 'awaiting_reply', whose_turn: 'talent', turn_since: '2027-03-01T00:00:00.000Z', follow_up: true, last_outbound_at: '2027-03-01T00:00:00.000Z', message_count: 1, updated_at: '2027-03-01T01:00:00.000Z' }),
  row({ email: 'cleo@example.com', name: 'Cléo Martin', status: 'confirmed', whose_turn: 'agency', turn_since: '2027-03-05T00:00:00.000Z', message_count: 9, latest_fee: fee(900), updated_at: '2027-03-09T01:00:00.000Z', next_date: keyDate('2027-03-20'), email_owner: 'boss@mgmt.com', summary: 'Agreed on the Reel' }),
  row({ email: 'dan@example.com', name: 'Dan Frost', tracking: false }),
  row({ email: 'eve@example.com', name: 'Eve Stone', status: 'awaiting_reply', whose_turn: 'talent', turn_since: '2027-03-09T00:00:00.000Z', message_count: 1, updated_at: '2027-03-09T00:00:00.000Z' }),
  row({ email: 'ana@example.com', name: 'Anaïs Dubois', campaign: 'glow-q2', status: 'declined', message_count: 2, updated_at: '2027-02-01T00:00:00.000Z' }),
  row({
    email: undefined,
    name: '',
    campaign: undefined,
    id: '~na:aaaaaaaaaaaaaaaa',
    campaign_id: null,
    contact_email: null,
    campaign_name: '',
    needs_assignment: true,
    status: 'replied',
    candidates: [{ contact_email: 'ben@example.com', talent_name: 'Ben Ode', campaign_id: 'glow-q1', campaign_name: 'Glow' }],
    subject: 'For my talents',
  }),
];

const q = (query: Record<string, string>): ConversationListQuery => conversationListQuery.parse(query);
const page = (query: Record<string, string>, rows = ROWS) => filterSortPage(rows, q(query), NOW);
const emails = (query: Record<string, string>, rows = ROWS) => page(query, rows).items.map((item) => `${item.campaign_id}:${item.contact_email}`);

describe('filterSortPage: filters', () => {
  it('lists every contact row, never a needs-assignment one unless asked, sorted by talent by default', () => {
    expect(emails({})).toEqual(['glow-q1:ana@example.com', 'glow-q2:ana@example.com', 'glow-q1:ben@example.com', 'glow-q1:cleo@example.com', 'glow-q1:dan@example.com', 'glow-q1:eve@example.com']);
    expect(page({ needs_assignment: 'false' }).total).toBe(6);
    expect(page({ needs_assignment: 'true' }).items.map((item) => item.id)).toEqual(['~na:aaaaaaaaaaaaaaaa']);
  });

  it('filters on campaign, e-mail, statuses, turn, follow-up and tracking', () => {
    expect(emails({ campaign_id: 'glow-q2' })).toEqual(['glow-q2:ana@example.com']);
    expect(emails({ contact_email: 'ANA@example.com' })).toEqual(['glow-q1:ana@example.com', 'glow-q2:ana@example.com']);
    expect(emails({ status: 'awaiting_reply, confirmed' })).toEqual(['glow-q1:ben@example.com', 'glow-q1:cleo@example.com', 'glow-q1:eve@example.com']);
    expect(emails({ turn: 'talent' })).toEqual(['glow-q1:ben@example.com', 'glow-q1:eve@example.com']);
    expect(emails({ follow_up: 'true' })).toEqual(['glow-q1:ben@example.com']);
    expect(page({ follow_up: 'false' }).total).toBe(5);
    expect(emails({ tracking: 'off' })).toEqual(['glow-q1:dan@example.com']);
    expect(page({ tracking: 'on' }).total).toBe(5);
    expect(emails({ status: 'awaiting_reply', turn: 'talent', follow_up: 'false' })).toEqual(['glow-q1:eve@example.com']);
  });

  it('lists in Needs reply the agency’s turn, never a declined conversation, whoever declared it', () => {
    const declinedOnAgencyTurn = row({ email: 'fay@example.com', name: 'Fay Lund', status: 'declined', whose_turn: 'agency', turn_since: '2027-03-02T00:00:00.000Z' });
    const closedByPerson = row({ email: 'gus@example.com', name: 'Gus Hale', status: 'declined', whose_turn: 'agency', corrected_fields: ['status'] });
    const rows = [...ROWS, declinedOnAgencyTurn, closedByPerson];
    expect(emails({ needs_reply: 'true' }, rows)).toEqual(['glow-q1:ana@example.com', 'glow-q1:cleo@example.com']);
    expect(emails({ turn: 'agency' }, rows)).toContain('glow-q1:fay@example.com');
    expect(page({ needs_reply: 'false' }, rows).total).toBe(rows.filter((r) => !r.needs_assignment).length - 2);
    // a cursor of one queue is not another's
    const cursor = page({ needs_reply: 'true', limit: '1' }, rows).cursor!;
    expect(() => page({ needs_reply: 'false', limit: '1', cursor }, rows)).toThrow(AppError);
  });

  it('finds needs-assignment rows by a candidate campaign or e-mail', () => {
    expect(page({ needs_assignment: 'true', campaign_id: 'glow-q1' }).total).toBe(1);
    expect(page({ needs_assignment: 'true', campaign_id: 'glow-q2' }).total).toBe(0);
    expect(page({ needs_assignment: 'true', contact_email: 'ben@example.com' }).total).toBe(1);
    expect(page({ needs_assignment: 'true', q: 'ben ode' }).total).toBe(1);
  });

  it('searches case- and accent-insensitively over name, e-mail, handle, manager, subject and summary', () => {
    expect(emails({ q: 'anais' })).toEqual(['glow-q1:ana@example.com', 'glow-q2:ana@example.com']);
    expect(emails({ q: 'CLEO' })).toEqual(['glow-q1:cleo@example.com']);
    expect(emails({ q: 'cléo' })).toEqual(['glow-q1:cleo@example.com']);
    expect(emails({ q: 'eve@' })).toEqual(['glow-q1:eve@example.com']);
    expect(emails({ q: '@ANAIS' })).toEqual(['glow-q1:ana@example.com']);
    expect(emails({ q: 'boss@mgmt' })).toEqual(['glow-q1:cleo@example.com']);
    expect(emails({ q: 'glow collab' })).toEqual(['glow-q1:ana@example.com']);
    expect(emails({ q: 'the reel' })).toEqual(['glow-q1:cleo@example.com']);
    expect(emails({ q: 'nobody' })).toEqual([]);
  });

  it('counts by status over the filtered set, before paging, with every status present', () => {
    const result = page({ limit: '1' });
    expect(result.total).toBe(6);
    expect(result.items).toHaveLength(1);
    expect(result.counts).toEqual({ not_contacted: 1, awaiting_reply: 2, replied: 0, negotiating: 1, confirmed: 1, declined: 1 });
    expect(page({ campaign_id: 'glow-q2' }).counts).toEqual({ not_contacted: 0, awaiting_reply: 0, replied: 0, negotiating: 0, confirmed: 0, declined: 1 });
    expect(page({ needs_assignment: 'true' }).counts.replied).toBe(1);
  });
});

describe('filterSortPage: sorting', () => {
  const q1 = (sort: string) => emails({ sort, campaign_id: 'glow-q1' }).map((id) => id.split(':')[1]!.split('@')[0]);

  it('sorts by talent either way', () => {
    expect(q1('talent')).toEqual(['ana', 'ben', 'cleo', 'dan', 'eve']);
    expect(q1('-talent')).toEqual(['eve', 'dan', 'cleo', 'ben', 'ana']);
  });

  it('sorts by status in pipeline order, ties by talent name', () => {
    expect(q1('status')).toEqual(['dan', 'ben', 'eve', 'ana', 'cleo']);
    expect(q1('-status')).toEqual(['cleo', 'ana', 'ben', 'eve', 'dan']);
  });

  it('keeps nulls last in both directions; a descending sort reverses its ties too', () => {
    expect(q1('turn')).toEqual(['ana', 'cleo', 'ben', 'eve', 'dan']);
    expect(q1('-turn')).toEqual(['eve', 'ben', 'cleo', 'ana', 'dan']);
    expect(q1('fee')).toEqual(['cleo', 'ana', 'ben', 'dan', 'eve']);
    expect(q1('-fee')).toEqual(['ana', 'cleo', 'ben', 'dan', 'eve']);
    expect(q1('next_date')).toEqual(['cleo', 'ana', 'ben', 'dan', 'eve']);
    expect(q1('-next_date')).toEqual(['ana', 'cleo', 'ben', 'dan', 'eve']);
    expect(q1('last_inbound')).toEqual(['ana', 'ben', 'cleo', 'dan', 'eve']);
    expect(q1('last_outbound')).toEqual(['ben', 'ana', 'cleo', 'dan', 'eve']);
  });

  it('sorts waiting oldest first ascending, and by messages and updated', () => {
    expect(q1('waiting')).toEqual(['ben', 'cleo', 'ana', 'eve', 'dan']);
    expect(q1('-waiting')).toEqual(['eve', 'ana', 'cleo', 'ben', 'dan']);
    expect(q1('messages')).toEqual(['dan', 'ben', 'eve', 'ana', 'cleo']);
    expect(q1('-messages')).toEqual(['cleo', 'ana', 'eve', 'ben', 'dan']);
    expect(q1('-updated')).toEqual(['cleo', 'eve', 'ana', 'ben', 'dan']);
    expect(q1('updated')).toEqual(['ben', 'ana', 'eve', 'cleo', 'dan']);
  });

  it('breaks ties by talent name, then e-mail', () => {
    const rows = [row({ email: 'b@x.com', name: 'Same' }), row({ email: 'a@x.com', name: 'Same' }), row({ email: 'c@x.com', name: 'Alpha' })];
    expect(emails({ sort: 'status' }, rows)).toEqual(['glow-q1:c@x.com', 'glow-q1:a@x.com', 'glow-q1:b@x.com']);
    expect(emails({ sort: '-status' }, rows)).toEqual(['glow-q1:c@x.com', 'glow-q1:a@x.com', 'glow-q1:b@x.com']);
  });

  it('puts rows without a talent name last when sorting by talent', () => {
    const rows = [row({ email: 'z@x.com', name: '' }), row({ email: 'a@x.com', name: 'Zed' })];
    expect(emails({ sort: 'talent' }, rows)).toEqual(['glow-q1:a@x.com', 'glow-q1:z@x.com']);
    expect(emails({ sort: '-talent' }, rows)).toEqual(['glow-q1:a@x.com', 'glow-q1:z@x.com']);
  });
});

describe('filterSortPage: paging', () => {
  const many = Array.from({ length: 120 }, (_, index) => row({ email: `t${String(index).padStart(3, '0')}@x.com`, name: `Talent ${String(index).padStart(3, '0')}` }));

  it('pages by 50 by default and walks to the end with the cursor; the last page has a null cursor', () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result = filterSortPage(many, q(cursor ? { cursor } : {}), NOW);
      expect(result.total).toBe(120);
      seen.push(...result.items.map((item) => item.contact_email!));
      cursor = result.cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(many.map((item) => item.contact_email));
  });

  it('honours limit, and a cursor may be followed with another limit', () => {
    const first = filterSortPage(many, q({ limit: '7', sort: '-talent' }), NOW);
    expect(first.items).toHaveLength(7);
    expect(first.items[0]!.contact_email).toBe('t119@x.com');
    const second = filterSortPage(many, q({ limit: '100', sort: '-talent', cursor: first.cursor! }), NOW);
    expect(second.items).toHaveLength(100);
    expect(second.items[0]!.contact_email).toBe('t112@x.com');
    expect(second.cursor).not.toBeNull();
    const last = filterSortPage(many, q({ limit: '100', sort: '-talent', cursor: second.cursor! }), NOW);
    expect(last.items.map((item) => item.contact_email)).toEqual(['t012@x.com', 't011@x.com', 't010@x.com', 't009@x.com', 't008@x.com', 't007@x.com', 't006@x.com', 't005@x.com', 't004@x.com', 't003@x.com', 't002@x.com', 't001@x.com', 't000@x.com']);
    expect(last.cursor).toBeNull();
  });

  it('answers an empty last page when the rows shrank under a cursor', () => {
    const cursor = encodeCursor(200, q({}));
    expect(filterSortPage(many, q({ cursor }), NOW)).toMatchObject({ items: [], cursor: null, total: 120 });
  });

  it('refuses a cursor from another query, a forged one and garbage with 400 "Invalid cursor"', () => {
    const first = filterSortPage(many, q({ limit: '10', sort: 'talent' }), NOW);
    const refused = (query: Record<string, string>) => {
      try {
        filterSortPage(many, q(query), NOW);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return { status: (error as AppError).status, message: (error as AppError).message };
      }
      return undefined;
    };
    expect(refused({ sort: '-talent', cursor: first.cursor! })).toEqual({ status: 400, message: 'Invalid cursor' });
    expect(refused({ sort: 'talent', status: 'confirmed', cursor: first.cursor! })).toEqual({ status: 400, message: 'Invalid cursor' });
    expect(refused({ cursor: 'garbage' })).toEqual({ status: 400, message: 'Invalid cursor' });
    expect(refused({ cursor: Buffer.from(JSON.stringify({ o: -5, h: 'x' })).toString('base64url') })).toEqual({ status: 400, message: 'Invalid cursor' });
    expect(refused({ cursor: Buffer.from('[1,2]').toString('base64url') })).toEqual({ status: 400, message: 'Invalid cursor' });
    // Same filters and sort with another page size: still the same query.
    expect(refused({ sort: 'talent', limit: '3', cursor: first.cursor! })).toBeUndefined();
  });

  it('treats the status list as a set for the cursor', () => {
    const cursor = encodeCursor(1, q({ status: 'confirmed,declined' }));
    expect(decodeCursor(cursor, q({ status: 'declined, confirmed' }))).toBe(1);
  });

  it('answers a shape the list response schema accepts', () => {
    const result = page({ limit: '2' });
    expect(conversationListResponse.parse({ success: true, ...result })).toEqual({ success: true, ...result });
  });
});

describe('mergeRows', () => {
  const contact = (campaignId: string, email: string, talentName: string) =>
    ({ agencyName: 'a', campaignId, email, talentName, emailOwner: '', trackingEnabled: true, createdAt: '', updatedAt: '' }) as ContactItem;
  const item = (campaignId: string, subjectKey: string, over: Partial<ConversationItem> = {}) =>
    ({ agencyName: 'a', campaignId, subjectKey, version: 2, status: 'replied', updatedAt: '2027-03-01T00:00:00.000Z', ...over }) as ConversationItem;
  const campaign = (campaignId: string, campaignName: string) => ({ agencyName: 'a', campaignId, campaignName }) as CampaignItem;

  it('makes one row per contact per campaign, leaves out items whose contact is gone, and adds needs-assignment rows when given', () => {
    const rows = mergeRows({
      contacts: [contact('c1', 'ana@x.com', 'Ana'), contact('c2', 'ana@x.com', 'Ana'), contact('c1', 'ben@x.com', 'Ben')],
      items: [item('c1', 'ana@x.com', { status: 'confirmed' }), item('c1', 'gone@x.com'), item('~na', 'ffffffffffffffff')],
      campaigns: [campaign('c1', 'One'), campaign('c2', 'Two')],
      needsAssignment: [item('~na', 'ffffffffffffffff', { candidates: [{ contactEmail: 'ben@x.com', campaignId: 'c1' }] })],
      now: NOW,
      followUpAfterDays: 3,
    });
    expect(rows.map((entry) => [entry.id, entry.status, entry.campaign_name])).toEqual([
      ['c1:ana@x.com', 'confirmed', 'One'],
      ['c2:ana@x.com', 'not_contacted', 'Two'],
      ['c1:ben@x.com', 'not_contacted', 'One'],
      ['~na:ffffffffffffffff', 'replied', ''],
    ]);
    expect(rows[3]!.candidates).toEqual([{ contact_email: 'ben@x.com', talent_name: 'Ben', campaign_id: 'c1', campaign_name: 'One' }]);
  });
});
