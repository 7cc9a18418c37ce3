import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectBoardRow } from '../../functions/lib/conversations/board/project';
import { conversationEntity } from '../../functions/lib/store/entities/conversation';
import { campaignResponse } from '../../shared/schemas/campaigns';
import { conversationListResponse } from '../../shared/schemas/conversations';
import { campaignReportResponse, type CampaignReportJson } from '../../shared/schemas/reports';
import { ago, ANA, BEN, CLEO, DAN, DANIEL, DAY, dayFromNow, EVE, FAY, MAYA } from '../support/api-talents';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';

/**
 * GET /api/v3/campaigns/{id}/report over HTTP against the local runtime: a campaign with a budget,
 * six talents in every state, their conversation items written as the pipeline writes them (the
 * item, then its board row), and the report's figures checked against them and the board.
 */

describe('campaign report API', () => {
  let booted: Booted;
  let staff: SignedIn;
  let other: SignedIn;
  let report: CampaignReportJson;

  beforeAll(async () => {
    booted = await boot();
    staff = await signIn(booted.runtime, MAYA);
    const agency = (await createAgency(staff, 'Report Agency')).agency.name;
    const created = await staff.api.post('/api/campaigns/add', { campaign_id: 'glow-q1', campaign_name: 'Glow Serum Q1', client_name: 'Lumen', budget: { amount: 5000, currency: 'eur' } });
    expect(created.status, created.text).toBe(200);
    expect((await staff.api.post('/api/campaigns/add', { campaign_id: 'glow-q2', campaign_name: 'Glow Serum Q2', client_name: 'Lumen' })).status).toBe(200);
    await booted.runtime.settleAsync();
    for (const [email, talentName] of [
      [ANA, 'Anaïs Dubois'],
      [BEN, 'Ben Ode'],
      [CLEO, 'Cléo Martin'],
      [DAN, 'Dan Frost'],
      [EVE, 'Eve Stone'],
      [FAY, 'Fay Wu'],
    ] as const) {
      const added = await staff.api.post('/api/campaigns/contacts/add', { email, talent_name: talentName, campaign_id: 'glow-q1', email_owner: '' });
      expect(added.status, added.text).toBe(200);
    }
    await booted.runtime.settleAsync();

    const conversation = async (email: string, fields: Record<string, unknown>) => {
      await conversationEntity.put({ agencyName: agency, campaignId: 'glow-q1', subjectKey: email, version: 2, updatedAt: ago(DAY), ...fields } as never).go();
      await projectBoardRow(agency, 'glow-q1', email);
    };
    const agreed = (amount: number, currency: string) => ({ amount, currency, unit: 'per_post', state: 'agreed', quote: `${amount} ${currency} agreed`, setBy: 'model' });
    await conversation(ANA, {
      status: 'negotiating',
      whoseTurn: 'agency',
      turnSince: ago(4 * DAY),
      lastInboundAt: ago(4 * DAY),
      lastOutboundAt: ago(5 * DAY),
      messageCount: 2,
      threadCopies: [`${MAYA}|18a1`],
      latestCopies: [`${MAYA}|18a1`],
      fees: [{ amount: 1500, currency: 'EUR', unit: 'per_post', state: 'quoted', quote: '1,500 EUR', setBy: 'model' }],
    });
    await conversation(BEN, { status: 'awaiting_reply', whoseTurn: 'talent', turnSince: ago(6 * DAY), lastOutboundAt: ago(6 * DAY), messageCount: 1 });
    await conversation(CLEO, {
      status: 'confirmed',
      whoseTurn: 'agency',
      turnSince: ago(2 * DAY),
      messageCount: 8,
      threadCopies: [`${MAYA}|18a2`],
      latestCopies: [`${MAYA}|18a2`],
      fees: [agreed(900, 'EUR')],
      dates: [
        { date: dayFromNow(-3), kind: 'draft_due', quote: 'draft last week', setBy: 'model' },
        { date: dayFromNow(10), kind: 'go_live', quote: 'live in ten days', setBy: 'model' },
        { date: dayFromNow(12), kind: 'event', quote: 'launch party', setBy: 'model' },
      ],
    });
    await conversation(DAN, { status: 'confirmed', whoseTurn: 'talent', turnSince: ago(DAY), messageCount: 4, fees: [agreed(400, 'GBP')], dates: [{ date: dayFromNow(3), kind: 'go_live', quote: 'Friday', setBy: 'model' }] });
    await conversation(EVE, { status: 'declined', messageCount: 2, fees: [{ amount: 3000, currency: 'EUR', unit: 'bundle', state: 'quoted', quote: '3k', setBy: 'model' }] });
    // Fay is in the list and never written to: "not contacted", with no item.

    other = await signIn(booted.runtime, DANIEL);
    await createAgency(other, 'Other Report Agency');

    const response = await staff.api.get('/api/v3/campaigns/glow-q1/report');
    expect(response.status, response.text).toBe(200);
    report = campaignReportResponse.parse(response.body).report;
  }, 180_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it('keeps the campaign budget given at creation', async () => {
    const response = await staff.api.get('/api/campaigns/glow-q1');
    expect(campaignResponse.parse(response.body).campaign.budget).toEqual({ amount: 5000, currency: 'EUR' });
    expect(campaignResponse.parse((await staff.api.get('/api/campaigns/glow-q2')).body).campaign.budget).toBeNull();
  });

  it('counts the funnel as the board counts its statuses, each step with the filter that shows its rows', async () => {
    expect(report.funnel.map((step) => [step.step, step.count])).toEqual([
      ['in_list', 6],
      ['contacted', 5],
      ['replied', 3],
      ['negotiating', 3],
      ['confirmed', 2],
    ]);
    expect(report.asides.map((aside) => [aside.aside, aside.count])).toEqual([
      ['declined', 1],
      ['no_reply', 1],
    ]);
    expect(report.reply_rate).toBe(4 / 5);
    const board = conversationListResponse.parse((await staff.api.get('/api/v3/conversations?campaign_id=glow-q1')).body);
    expect(board.counts).toEqual({ not_contacted: 1, awaiting_reply: 1, replied: 0, negotiating: 1, confirmed: 2, declined: 1 });
    // Each step's board query, asked of the conversations API, gives the step's count.
    for (const step of [...report.funnel, ...report.asides]) {
      const query = step.board_query ? `&${step.board_query}` : '';
      const rows = conversationListResponse.parse((await staff.api.get(`/api/v3/conversations?campaign_id=glow-q1${query}`)).body);
      expect(rows.total, step.board_query).toBe(step.count);
    }
  });

  it('sums the agreed latest fees per currency against the budget, lists open quotes, and converts nothing', () => {
    expect(report.spend.by_currency).toEqual([
      { currency: 'EUR', agreed: 900, open: 1500, agreed_count: 1, open_count: 1 },
      { currency: 'GBP', agreed: 400, open: 0, agreed_count: 1, open_count: 0 },
    ]);
    expect(report.spend.talents.map((talent) => [talent.talent_name, talent.kind, talent.amount, talent.currency])).toEqual([
      ['Cléo Martin', 'agreed', 900, 'EUR'],
      ['Dan Frost', 'agreed', 400, 'GBP'],
      ['Anaïs Dubois', 'open', 1500, 'EUR'],
    ]);
    expect(report.spend.budget).toEqual({ amount: 5000, currency: 'EUR' });
    expect(report.spend.budget_remaining).toBe(4100);
    expect(report.spend.agreed_outside_budget).toEqual([{ amount: 400, currency: 'GBP' }]);
    expect(report.spend.agency_currency).toBe('USD');
    expect(report.spend.converted).toBe(false);
    expect(report.spend.conversion_note).toBe('Totals are per currency: no exchange rates are set for this agency, so nothing is converted to USD.');
  });

  it('lists every go-live, draft-due and embargo date by ISO week, the passed one overdue', () => {
    const entries = report.calendar.flatMap((week) => week.entries.map((entry) => ({ week: week.week, ...entry })));
    expect(entries.map((entry) => [entry.date, entry.kind, entry.contact_email, entry.overdue])).toEqual([
      [dayFromNow(-3), 'draft_due', CLEO, true],
      [dayFromNow(3), 'go_live', DAN, false],
      [dayFromNow(10), 'go_live', CLEO, false],
    ]);
    for (const entry of entries) expect(entry.week).toMatch(/^\d{4}-W\d{2}$/);
  });

  it('counts who waits on a reply by the mailbox holding the thread, the oldest first named', () => {
    expect(report.responsiveness).toEqual([
      {
        mailbox: MAYA,
        needs_reply: 2,
        oldest_waiting_since: ago(4 * DAY),
        oldest_contact_email: ANA,
        oldest_talent_name: 'Anaïs Dubois',
        board_query: 'status=not_contacted,awaiting_reply,replied,negotiating,confirmed&turn=agency',
      },
    ]);
  });

  it('answers 404 for an unknown campaign and for another agency\'s, 400 for a malformed id', async () => {
    const unknown = await staff.api.get('/api/v3/campaigns/nope/report');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Campaign "nope" not found');
    const foreign = await other.api.get('/api/v3/campaigns/glow-q1/report');
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Campaign "glow-q1" not found');
    expect((await staff.api.get('/api/v3/campaigns/bad%20id/report')).status).toBe(400);
  });

  it('refuses a budget that is not an amount in a currency', async () => {
    for (const [budget, message] of [
      [{ amount: -1, currency: 'EUR' }, 'Budget amount must be 0 or more'],
      [{ amount: 100, currency: 'euro' }, 'Budget currency must be a 3-letter currency code'],
    ] as const) {
      const bad = await staff.api.post('/api/campaigns/add', { campaign_id: 'glow-q3', campaign_name: 'Q3', client_name: 'Lumen', budget });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(message);
    }
  });
});
