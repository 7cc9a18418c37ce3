import { describe, expect, it } from 'vitest';
import { conversationJson } from '../../../shared/schemas/conversations';
import type { ContactItem } from '../campaigns/contact-store';
import type { CampaignItem } from '../store/entities/campaign';
import { NEEDS_ASSIGNMENT_SEGMENT, type ConversationItem } from '../store/entities/conversation';
import { directoryOf, followUpDue, threadLink, toConversationJson } from './read-model';
import { nextDate, sortUpcoming } from './rules/dates';
import { latestFee } from './rules/fees';

const NOW = Date.parse('2027-03-10T12:00:00.000Z');
const DAY = 24 * 3600 * 1000;

const contactOf = (over: Partial<ContactItem> = {}): ContactItem =>
  ({
    agencyName: 'agency',
    campaignId: 'glow-q1',
    email: 'maya@example.com',
    talentName: 'Maya Cooks',
    emailOwner: 'agent@talentco.com',
    handle: '@mayacooks',
    trackingEnabled: true,
    source: 'manual',
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    ...over,
  }) as ContactItem;

const campaignOf = (over: Partial<CampaignItem> = {}): CampaignItem =>
  ({
    agencyName: 'agency',
    campaignId: 'glow-q1',
    campaignName: 'Glow Serum Q1',
    clientName: 'Lumen',
    status: 'ready',
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    ...over,
  }) as CampaignItem;

const itemOf = (over: Partial<ConversationItem> = {}): ConversationItem =>
  ({
    agencyName: 'agency',
    campaignId: 'glow-q1',
    subjectKey: 'maya@example.com',
    version: 3,
    status: 'negotiating',
    whoseTurn: 'agency',
    turnSince: '2027-03-09T10:00:00.000Z',
    lastInboundAt: '2027-03-09T10:00:00.000Z',
    lastOutboundAt: '2027-03-08T09:00:00.000Z',
    messageCount: 4,
    subject: 'Glow Serum collab',
    summary: 'Maya asked for 1,500 EUR for a Reel.',
    dates: [],
    fees: [],
    attributionReason: 'talent_address',
    campaignConfirmed: true,
    needsAssignment: false,
    threadCopies: ['staff@agency.com|18c1', 'boss@agency.com|18c9'],
    updatedAt: '2027-03-09T10:05:00.000Z',
    ...over,
  }) as ConversationItem;

const date = (day: string, kind: 'go_live' | 'draft_due' | 'deadline' | 'event' | 'embargo' | 'other' = 'go_live') => ({
  date: day,
  kind,
  quote: `on ${day}`,
  message_id: null,
  set_by: 'model' as const,
});

const fee = (amount: number, state: 'quoted' | 'countered' | 'agreed' | 'invoiced') => ({
  amount,
  currency: 'EUR',
  unit: 'per_post' as const,
  vat_included: null,
  state,
  quote: `${amount}`,
  message_id: null,
  set_by: 'model' as const,
});

describe('toConversationJson', () => {
  it('gives a contact with no conversation item a "not contacted" row (every contact has a row)', () => {
    const row = toConversationJson({ contact: contactOf(), campaign: campaignOf(), now: NOW, followUpAfterDays: 3 });
    expect(conversationJson.parse(row)).toEqual(row);
    expect(row).toEqual({
      id: 'glow-q1:maya@example.com',
      campaign_id: 'glow-q1',
      campaign_name: 'Glow Serum Q1',
      contact_email: 'maya@example.com',
      talent_name: 'Maya Cooks',
      handle: '@mayacooks',
      email_owner: 'agent@talentco.com',
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
    });
  });

  it('passes the pipeline state through, with links per mailbox copy and the corrected fields in a fixed order', () => {
    const row = toConversationJson({
      item: itemOf({
        status: 'confirmed',
        whoseTurn: 'agency',
        correctedFields: ['whose_turn', 'status'],
        correctedStatus: 'confirmed',
        failures: [{ purpose: 'thread_summary', message: 'timeout', at: '2027-03-09T10:00:00.000Z' }],
      }),
      contact: contactOf({ trackingEnabled: false, handle: undefined }),
      campaign: campaignOf(),
      now: NOW,
      followUpAfterDays: 3,
    });
    expect(conversationJson.parse(row)).toEqual(row);
    expect(row).toMatchObject({
      status: 'confirmed',
      whose_turn: 'agency',
      tracking: false,
      handle: '',
      message_count: 4,
      subject: 'Glow Serum collab',
      attribution: { reason: 'talent_address', campaign_confirmed: true },
      corrected_fields: ['status', 'whose_turn'],
      failures: [{ purpose: 'thread_summary', message: 'timeout', at: '2027-03-09T10:00:00.000Z' }],
      updated_at: '2027-03-09T10:05:00.000Z',
      last_inbound_at: '2027-03-09T10:00:00.000Z',
      last_outbound_at: '2027-03-08T09:00:00.000Z',
    });
    expect(row.threads).toEqual([
      { mailbox: 'staff@agency.com', thread_id: '18c1', gmail_url: 'https://mail.google.com/mail/u/staff@agency.com/#all/18c1' },
      { mailbox: 'boss@agency.com', thread_id: '18c9', gmail_url: 'https://mail.google.com/mail/u/boss@agency.com/#all/18c9' },
    ]);
  });

  it('orders dates upcoming first (soonest first, today included) then past (most recent first), and names the next one', () => {
    const row = toConversationJson({
      item: itemOf({
        dates: [
          { date: '2027-02-01', kind: 'event', quote: 'a', setBy: 'model' },
          { date: '2027-04-20', kind: 'go_live', quote: 'b', messageId: '<m2@x>', setBy: 'model' },
          { date: '2027-03-10', kind: 'draft_due', quote: 'c', setBy: 'person' },
          { date: '2027-03-01', kind: 'deadline', quote: 'd', setBy: 'model' },
          { date: '2027-03-15', kind: 'embargo', quote: 'e', setBy: 'model' },
        ],
      }),
      contact: contactOf(),
      now: NOW,
      followUpAfterDays: 3,
    });
    expect(row.dates.map((d) => d.date)).toEqual(['2027-03-10', '2027-03-15', '2027-04-20', '2027-03-01', '2027-02-01']);
    expect(row.next_date).toEqual({ date: '2027-03-10', kind: 'draft_due', quote: 'c', message_id: null, set_by: 'person' });
    expect(row.dates[2]).toMatchObject({ message_id: '<m2@x>', set_by: 'model' });
    expect(conversationJson.parse(row)).toEqual(row);
  });

  it('has no next date when every date is past', () => {
    expect(nextDate([date('2027-01-01'), date('2027-03-09')], NOW)).toBeNull();
    expect(sortUpcoming([date('2027-01-01'), date('2027-03-09')], NOW).map((d) => d.date)).toEqual(['2027-03-09', '2027-01-01']);
  });

  it('keeps fees in message order; the latest fee is the latest agreed, else the latest quoted or countered', () => {
    expect(latestFee([])).toBeNull();
    expect(latestFee([fee(1000, 'quoted'), fee(1200, 'countered')])?.amount).toBe(1200);
    expect(latestFee([fee(1000, 'quoted'), fee(1100, 'agreed'), fee(1300, 'countered')])?.amount).toBe(1100);
    expect(latestFee([fee(900, 'agreed'), fee(1100, 'agreed'), fee(1300, 'quoted')])?.amount).toBe(1100);
    expect(latestFee([fee(1100, 'invoiced'), fee(1300, 'quoted')])?.amount).toBe(1100);

    const row = toConversationJson({
      item: itemOf({
        fees: [
          { amount: 1500, currency: 'EUR', unit: 'per_post', state: 'quoted', quote: '1,500', messageId: '<m1@x>', setBy: 'model' },
          { amount: 1200, currency: 'EUR', unit: 'per_post', vatIncluded: true, state: 'agreed', quote: '1,200 agreed', setBy: 'person' },
          { amount: 1300, currency: 'EUR', unit: 'bundle', state: 'countered', quote: '1,300', setBy: 'model' },
        ],
      }),
      contact: contactOf(),
      now: NOW,
      followUpAfterDays: 3,
    });
    expect(row.fees.map((f) => f.amount)).toEqual([1500, 1200, 1300]);
    expect(row.latest_fee).toEqual({ amount: 1200, currency: 'EUR', unit: 'per_post', vat_included: true, state: 'agreed', quote: '1,200 agreed', message_id: null, set_by: 'person' });
    expect(row.fees[0]).toMatchObject({ vat_included: null, message_id: '<m1@x>' });
    expect(conversationJson.parse(row)).toEqual(row);
  });

  it('flags a follow-up when the talent has had the turn for at least the delay, never once declined', () => {
    const waiting = (days: number, turn: 'agency' | 'talent' = 'talent', status: 'awaiting_reply' | 'declined' = 'awaiting_reply') =>
      toConversationJson({
        item: itemOf({ whoseTurn: turn, turnSince: new Date(NOW - days * DAY).toISOString(), status }),
        contact: contactOf(),
        now: NOW,
        followUpAfterDays: 3,
      }).follow_up;
    expect(waiting(4)).toBe(true);
    expect(waiting(3)).toBe(true);
    expect(waiting(2.9)).toBe(false);
    expect(waiting(10, 'agency')).toBe(false);
    expect(waiting(10, 'talent', 'declined')).toBe(false);
    const row = { whose_turn: 'talent' as const, status: 'replied' as const, last_outbound_at: '2027-03-01T00:00:00.000Z' };
    expect(followUpDue({ ...row, turn_since: null }, NOW, 3)).toBe(false);
    expect(followUpDue({ ...row, turn_since: 'not a date' }, NOW, 3)).toBe(false);
    expect(followUpDue({ ...row, turn_since: new Date(NOW - 2 * DAY).toISOString() }, NOW, 1)).toBe(true);
  });

  it('never flags a follow-up for a talent the agency never wrote to, however long the turn has been theirs', () => {
    const base = { whoseTurn: 'talent' as const, turnSince: new Date(NOW - 30 * DAY).toISOString(), status: 'not_contacted' as const };
    const neverWritten = itemOf(base);
    delete (neverWritten as Partial<ConversationItem>).lastOutboundAt;
    expect(toConversationJson({ item: neverWritten, contact: contactOf(), now: NOW, followUpAfterDays: 3 }).follow_up).toBe(false);
    expect(toConversationJson({ item: itemOf(base), contact: contactOf(), now: NOW, followUpAfterDays: 3 }).follow_up).toBe(true);
    expect(followUpDue({ whose_turn: 'talent', status: 'awaiting_reply', turn_since: new Date(NOW - 30 * DAY).toISOString(), last_outbound_at: null }, NOW, 3)).toBe(false);
  });

  it('makes a needs-assignment item its own row: ~na id, no campaign or e-mail, candidates named', () => {
    const contacts = [
      contactOf({ email: 'maya@example.com', talentName: 'Maya Cooks', campaignId: 'glow-q1' }),
      contactOf({ email: 'sam@example.com', talentName: 'Sam Bakes', campaignId: 'glow-q2' }),
    ];
    const campaigns = [campaignOf(), campaignOf({ campaignId: 'glow-q2', campaignName: 'Glow Serum Q2' })];
    const row = toConversationJson({
      item: itemOf({
        campaignId: NEEDS_ASSIGNMENT_SEGMENT,
        subjectKey: 'a1b2c3d4e5f6a7b8a1b2c3d4e5f6a7b8',
        needsAssignment: true,
        status: 'replied',
        attributionReason: 'none',
        campaignConfirmed: false,
        candidates: [
          { contactEmail: 'maya@example.com', campaignId: 'glow-q1' },
          { contactEmail: 'sam@example.com', campaignId: 'glow-q2' },
          { contactEmail: 'gone@example.com', campaignId: 'old' },
        ],
      }),
      now: NOW,
      followUpAfterDays: 3,
      directory: directoryOf(contacts, campaigns),
    });
    expect(conversationJson.parse(row)).toEqual(row);
    expect(row).toMatchObject({
      id: '~na:a1b2c3d4e5f6a7b8a1b2c3d4e5f6a7b8',
      campaign_id: null,
      contact_email: null,
      campaign_name: '',
      needs_assignment: true,
      status: 'replied',
      attribution: { reason: 'none', campaign_confirmed: false },
    });
    expect(row.candidates).toEqual([
      { contact_email: 'maya@example.com', talent_name: 'Maya Cooks', campaign_id: 'glow-q1', campaign_name: 'Glow Serum Q1' },
      { contact_email: 'sam@example.com', talent_name: 'Sam Bakes', campaign_id: 'glow-q2', campaign_name: 'Glow Serum Q2' },
      { contact_email: 'gone@example.com', talent_name: '', campaign_id: 'old', campaign_name: '' },
    ]);
  });

  it('reads thread copies "mailbox|threadId" and skips malformed ones', () => {
    expect(threadLink('a@b.co|18c')).toEqual({ mailbox: 'a@b.co', thread_id: '18c', gmail_url: 'https://mail.google.com/mail/u/a@b.co/#all/18c' });
    expect(threadLink('no-bar')).toBeUndefined();
    expect(threadLink('|18c')).toBeUndefined();
    expect(threadLink('a@b.co|')).toBeUndefined();
    const row = toConversationJson({ item: itemOf({ threadCopies: ['broken', 'a@b.co|1'] }), contact: contactOf(), now: NOW, followUpAfterDays: 3 });
    expect(row.threads.map((t) => t.thread_id)).toEqual(['1']);
  });

  it('a list row links only the latest thread (its copy in each mailbox) and counts them all; the detail links every thread', () => {
    // One thread's copies carry each mailbox's own Gmail thread id.
    const copies = ['boss@agency.com|b9', 'staff@agency.com|s9', 'staff@agency.com|s2', 'staff@agency.com|s1'];
    const item = itemOf({ threadCopies: copies, latestCopies: ['boss@agency.com|b9', 'staff@agency.com|s9'], threadKeys: new Set(['k1', 'k2', 'k9']) as never });
    const row = toConversationJson({ item, contact: contactOf(), now: NOW, followUpAfterDays: 3, threads: 'latest' });
    expect(row.threads.map((t) => `${t.mailbox}|${t.thread_id}`)).toEqual(['boss@agency.com|b9', 'staff@agency.com|s9']);
    expect(row.thread_count).toBe(3);
    const detail = toConversationJson({ item, contact: contactOf(), now: NOW, followUpAfterDays: 3 });
    expect(detail.threads.map((t) => `${t.mailbox}|${t.thread_id}`)).toEqual(copies);
    expect(detail.thread_count).toBe(3);
    // Stored before the latest copies were kept: the first copy.
    const older = toConversationJson({ item: itemOf({ threadCopies: copies }), contact: contactOf(), now: NOW, followUpAfterDays: 3, threads: 'latest' });
    expect(older.threads.map((t) => t.thread_id)).toEqual(['b9']);
  });

  it("names each detail link by its thread's subject when the item kept it, and leaves it out otherwise", () => {
    const item = itemOf({
      threadCopies: ['maya@agency.com|m1', 'dan@agency.com|d1'],
      threadSubjects: [{ copy: 'maya@agency.com|m1', subject: 'Re: Holiday Glam brief' }],
    });
    const detail = toConversationJson({ item, contact: contactOf(), now: NOW, followUpAfterDays: 3 });
    expect(detail.threads).toEqual([
      { mailbox: 'maya@agency.com', thread_id: 'm1', gmail_url: 'https://mail.google.com/mail/u/maya@agency.com/#all/m1', subject: 'Re: Holiday Glam brief' },
      { mailbox: 'dan@agency.com', thread_id: 'd1', gmail_url: 'https://mail.google.com/mail/u/dan@agency.com/#all/d1' },
    ]);
  });
});
