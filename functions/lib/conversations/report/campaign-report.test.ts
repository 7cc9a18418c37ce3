import { describe, expect, it } from 'vitest';
import type { ConversationJson, DateKind, FeeState, FeeUnit } from '../../../../shared/schemas/conversations';
import { campaignReportJson } from '../../../../shared/schemas/reports';
import type { ContactItem } from '../../campaigns/contact-store';
import type { ConversationItem } from '../../store/entities/conversation';
import { toConversationJson } from '../read-model';
import { calendarOf, campaignReport, funnelOf, isoWeekOf, NEEDS_REPLY_QUERY, responsivenessOf, spendOf, statusQuery, TIMING_NOTE } from './campaign-report';

const NOW = Date.parse('2026-02-11T12:00:00Z'); // a Wednesday, ISO week 2026-W07

type ItemFields = Partial<Pick<ConversationItem, 'status' | 'whoseTurn' | 'turnSince' | 'latestCopies'>> & { fees?: FeeFact[]; dates?: DateFact[] };

/** A board row as the read model makes it from a contact and its conversation item (none: not contacted). */
const row = (email: string, fields?: ItemFields): ConversationJson =>
  toConversationJson({
    contact: { agencyName: 'a', campaignId: 'glow-q1', email, talentName: email.split('@')[0], trackingEnabled: true, createdAt: '', updatedAt: '' } as ContactItem,
    item: fields ? ({ agencyName: 'a', campaignId: 'glow-q1', subjectKey: email, version: 1, updatedAt: '', status: 'not_contacted', ...fields } as ConversationItem) : undefined,
    now: NOW,
    followUpAfterDays: 3,
    threads: 'latest',
  });

type FeeFact = { amount: number; currency: string; unit: FeeUnit; state: FeeState; quote: string; setBy: 'model' };
type DateFact = { date: string; kind: DateKind; quote: string; setBy: 'model' };
const fee = (amount: number, currency: string, state: FeeState, unit: FeeUnit = 'per_post'): FeeFact => ({ amount, currency, unit, state, quote: `${amount} ${currency}`, setBy: 'model' });
const date = (day: string, kind: DateKind): DateFact => ({ date: day, kind, quote: '', setBy: 'model' });
const copies = (...mailboxes: string[]) => mailboxes.map((mailbox, index) => `${mailbox}|t${index}`);

describe('funnel', () => {
  // 10 in the list: 2 not contacted, 3 awaiting, 1 replied, 1 negotiating, 2 confirmed, 1 declined
  const rows = [
    ...['a', 'b'].map((n) => row(`${n}@x.com`)),
    ...['c', 'd', 'e'].map((n) => row(`${n}@x.com`, { status: 'awaiting_reply' })),
    row('f@x.com', { status: 'replied' }),
    row('g@x.com', { status: 'negotiating' }),
    ...['h', 'i'].map((n) => row(`${n}@x.com`, { status: 'confirmed' })),
    row('j@x.com', { status: 'declined' }),
  ];

  it('counts every row that reached a step or went further, with its board filter', () => {
    const { funnel } = funnelOf(rows);
    expect(funnel.map((step) => [step.step, step.count, step.board_query])).toEqual([
      ['in_list', 10, ''],
      ['contacted', 8, 'status=awaiting_reply,replied,negotiating,confirmed,declined'],
      ['replied', 4, 'status=replied,negotiating,confirmed'],
      ['negotiating', 3, 'status=negotiating,confirmed'],
      ['confirmed', 2, 'status=confirmed'],
    ]);
  });

  it('gives each step its rate of the step before and of the list', () => {
    const { funnel } = funnelOf(rows);
    expect(funnel.map((step) => step.rate_from_previous)).toEqual([null, 0.8, 0.5, 0.75, 2 / 3]);
    expect(funnel.map((step) => step.rate_from_list)).toEqual([1, 0.8, 0.4, 0.3, 0.2]);
  });

  it('puts Declined and no reply beside the line, as shares of those contacted, and the reply rate counts every answer', () => {
    const { asides, reply_rate } = funnelOf(rows);
    expect(asides).toEqual([
      { aside: 'declined', count: 1, rate_from_contacted: 1 / 8, board_query: 'status=declined' },
      { aside: 'no_reply', count: 3, rate_from_contacted: 3 / 8, board_query: 'status=awaiting_reply' },
    ]);
    expect(reply_rate).toBe(5 / 8);
  });

  it('gives no rate of nothing: an empty campaign has null rates, not NaN', () => {
    const { funnel, asides, reply_rate } = funnelOf([]);
    expect(funnel.every((step) => step.count === 0 && step.rate_from_list === null && step.rate_from_previous === null)).toBe(true);
    expect(asides.map((aside) => aside.rate_from_contacted)).toEqual([null, null]);
    expect(reply_rate).toBeNull();
  });

  it('writes status filters in the board order whatever order they are given in', () => {
    expect(statusQuery(['declined', 'replied'])).toBe('status=replied,declined');
  });
});

describe('spend', () => {
  const rows = [
    row('ana@x.com', { status: 'confirmed', fees: [fee(1500, 'EUR', 'quoted'), fee(1200, 'EUR', 'agreed')] }),
    row('ben@x.com', { status: 'confirmed', fees: [fee(800.1, 'EUR', 'invoiced')] }),
    row('cleo@x.com', { status: 'negotiating', fees: [fee(2000, 'EUR', 'countered')] }),
    row('dan@x.com', { status: 'confirmed', fees: [fee(500, 'GBP', 'agreed', 'bundle')] }),
    row('eve@x.com', { status: 'declined', fees: [fee(9000, 'EUR', 'quoted')] }),
    row('fay@x.com', { status: 'awaiting_reply' }),
  ];

  it('sums agreed and invoiced latest fees as agreed, quoted and countered as open, per currency; a declined quote is not open', () => {
    const spend = spendOf(rows, null, 'EUR');
    expect(spend.by_currency).toEqual([
      { currency: 'EUR', agreed: 2000.1, open: 2000, agreed_count: 2, open_count: 1 },
      { currency: 'GBP', agreed: 500, open: 0, agreed_count: 1, open_count: 0 },
    ]);
    expect(spend.talents.map((talent) => [talent.contact_email, talent.kind, talent.amount, talent.currency, talent.unit])).toEqual([
      ['ana@x.com', 'agreed', 1200, 'EUR', 'per_post'],
      ['ben@x.com', 'agreed', 800.1, 'EUR', 'per_post'],
      ['dan@x.com', 'agreed', 500, 'GBP', 'bundle'],
      ['cleo@x.com', 'open', 2000, 'EUR', 'per_post'],
    ]);
  });

  it('never converts: with a second currency and no rates it says the totals stay per currency', () => {
    const spend = spendOf(rows, null, 'EUR');
    expect(spend.converted).toBe(false);
    expect(spend.conversion_note).toBe('Totals are per currency: no exchange rates are set for this agency, so nothing is converted to EUR.');
    expect(spendOf(rows.slice(0, 3), null, 'EUR').conversion_note).toBe('');
  });

  it('sets the agreed spend in the budget currency against the budget and lists the rest apart', () => {
    const spend = spendOf(rows, { amount: 5000, currency: 'eur' }, 'EUR');
    expect(spend.budget).toEqual({ amount: 5000, currency: 'EUR' });
    expect(spend.budget_remaining).toBe(2999.9);
    expect(spend.agreed_outside_budget).toEqual([{ amount: 500, currency: 'GBP' }]);
    expect(spendOf(rows, null, 'EUR').budget_remaining).toBeNull();
  });
});

describe('calendar', () => {
  it('numbers ISO weeks: Monday starts them, the week of 4 January is week 1', () => {
    expect(isoWeekOf('2026-02-11')).toEqual({ week: '2026-W07', startsOn: '2026-02-09' });
    expect(isoWeekOf('2026-01-01')).toEqual({ week: '2026-W01', startsOn: '2025-12-29' });
    expect(isoWeekOf('2027-01-01')).toEqual({ week: '2026-W53', startsOn: '2026-12-28' });
    expect(isoWeekOf('2024-12-30')).toEqual({ week: '2025-W01', startsOn: '2024-12-30' });
    expect(isoWeekOf('2026-02-15')).toEqual({ week: '2026-W07', startsOn: '2026-02-09' });
  });

  it('lists go-live, draft-due and embargo dates by week, marks the passed ones overdue, and leaves out other kinds and declined talents', () => {
    const rows = [
      row('ana@x.com', { status: 'confirmed', dates: [date('2026-02-20', 'go_live'), date('2026-02-10', 'draft_due'), date('2026-02-12', 'event')] }),
      row('ben@x.com', { status: 'negotiating', dates: [date('2026-02-11', 'embargo'), date('2026-02-16', 'go_live')] }),
      row('eve@x.com', { status: 'declined', dates: [date('2026-02-18', 'go_live')] }),
    ];
    const weeks = calendarOf(rows, NOW);
    expect(weeks.map((week) => [week.week, week.starts_on, week.entries.map((entry) => [entry.date, entry.kind, entry.contact_email, entry.overdue])])).toEqual([
      [
        '2026-W07',
        '2026-02-09',
        [
          ['2026-02-10', 'draft_due', 'ana@x.com', true],
          ['2026-02-11', 'embargo', 'ben@x.com', false],
        ],
      ],
      [
        '2026-W08',
        '2026-02-16',
        [
          ['2026-02-16', 'go_live', 'ben@x.com', false],
          ['2026-02-20', 'go_live', 'ana@x.com', false],
        ],
      ],
    ]);
  });
});

describe('responsiveness', () => {
  it('counts the rows waiting on the agency by the mailbox of their latest thread, with the oldest wait', () => {
    const rows = [
      row('ana@x.com', { status: 'negotiating', whoseTurn: 'agency', turnSince: '2026-02-09T10:00:00Z', latestCopies: copies('maya@agency.com') }),
      row('ben@x.com', { status: 'replied', whoseTurn: 'agency', turnSince: '2026-02-05T10:00:00Z', latestCopies: copies('maya@agency.com', 'maya@agency.com') }),
      row('cleo@x.com', { status: 'replied', whoseTurn: 'agency', turnSince: '2026-02-10T10:00:00Z', latestCopies: copies('daniel@agency.com') }),
      row('dan@x.com', { status: 'declined', whoseTurn: 'agency', turnSince: '2026-01-01T10:00:00Z', latestCopies: copies('daniel@agency.com') }),
      row('eve@x.com', { status: 'awaiting_reply', whoseTurn: 'talent', turnSince: '2026-01-01T10:00:00Z', latestCopies: copies('daniel@agency.com') }),
      row('fay@x.com', { status: 'confirmed', whoseTurn: 'agency', turnSince: '2026-02-01T10:00:00Z' }),
    ];
    expect(responsivenessOf(rows)).toEqual([
      { mailbox: 'maya@agency.com', needs_reply: 2, oldest_waiting_since: '2026-02-05T10:00:00Z', oldest_contact_email: 'ben@x.com', oldest_talent_name: 'ben', board_query: NEEDS_REPLY_QUERY },
      { mailbox: '', needs_reply: 1, oldest_waiting_since: '2026-02-01T10:00:00Z', oldest_contact_email: 'fay@x.com', oldest_talent_name: 'fay', board_query: NEEDS_REPLY_QUERY },
      { mailbox: 'daniel@agency.com', needs_reply: 1, oldest_waiting_since: '2026-02-10T10:00:00Z', oldest_contact_email: 'cleo@x.com', oldest_talent_name: 'cleo', board_query: NEEDS_REPLY_QUERY },
    ]);
    expect(NEEDS_REPLY_QUERY).toBe('status=not_contacted,awaiting_reply,replied,negotiating,confirmed&turn=agency');
  });
});

describe('campaignReport', () => {
  it('answers in the shared schema, with no median it cannot back and the reason why', () => {
    const report = campaignReport({
      campaign: { id: 'glow-q1', name: 'Glow Serum Q1', budget: null },
      rows: [row('ana@x.com', { status: 'replied' }), row('ben@x.com', { status: 'awaiting_reply' })],
      now: NOW,
      agencyCurrency: 'EUR',
    });
    expect(campaignReportJson.parse(report)).toEqual(report);
    expect(report.generated_at).toBe('2026-02-11T12:00:00.000Z');
    expect(report.reply_rate).toBe(0.5);
    expect(report.reply_rate_board_query).toBe('status=replied,negotiating,confirmed,declined');
    expect([report.median_hours_to_first_reply, report.median_days_to_agreement, report.timing_note]).toEqual([null, null, TIMING_NOTE]);
  });
});
