// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignReportJson, type CampaignReportJson } from '../../../../../shared/schemas/reports';
import { testCampaign } from '../../../testing/campaign-fakes';
import { fakeApi, renderRoutes } from '../../../testing/render';
import { parseCsv } from '../../../lib/csv';
import { CampaignReportRoute } from './campaign-report';

const REPORT: CampaignReportJson = campaignReportJson.parse({
  campaign_id: 'glow-q1',
  campaign_name: 'Glow Serum Q1',
  generated_at: '2026-02-11T12:00:00.000Z',
  funnel: [
    { step: 'in_list', count: 10, rate_from_previous: null, rate_from_list: 1, board_query: '' },
    { step: 'contacted', count: 8, rate_from_previous: 0.8, rate_from_list: 0.8, board_query: 'status=awaiting_reply,replied,negotiating,confirmed,declined' },
    { step: 'replied', count: 4, rate_from_previous: 0.5, rate_from_list: 0.4, board_query: 'status=replied,negotiating,confirmed' },
    { step: 'negotiating', count: 3, rate_from_previous: 0.75, rate_from_list: 0.3, board_query: 'status=negotiating,confirmed' },
    { step: 'confirmed', count: 2, rate_from_previous: 2 / 3, rate_from_list: 0.2, board_query: 'status=confirmed' },
  ],
  asides: [
    { aside: 'declined', count: 1, rate_from_contacted: 0.125, board_query: 'status=declined' },
    { aside: 'no_reply', count: 3, rate_from_contacted: 0.375, board_query: 'status=awaiting_reply' },
  ],
  reply_rate: 0.625,
  reply_rate_board_query: 'status=replied,negotiating,confirmed,declined',
  median_hours_to_first_reply: null,
  median_days_to_agreement: null,
  timing_note: 'Median times need when each talent was first written to, first answered and agreed; the conversation record does not keep those yet.',
  spend: {
    agency_currency: 'EUR',
    converted: false,
    conversion_note: 'Totals are per currency: no exchange rates are set for this agency, so nothing is converted to EUR.',
    by_currency: [
      { currency: 'EUR', agreed: 2100, open: 1500, agreed_count: 2, open_count: 1 },
      { currency: 'GBP', agreed: 400, open: 0, agreed_count: 1, open_count: 0 },
    ],
    talents: [
      { conversation_id: 'glow-q1:cleo@example.com', contact_email: 'cleo@example.com', talent_name: 'Cléo Martin', status: 'confirmed', amount: 1200, currency: 'EUR', unit: 'per_post', state: 'agreed', kind: 'agreed' },
      { conversation_id: 'glow-q1:ben@example.com', contact_email: 'ben@example.com', talent_name: 'Ben Ode', status: 'confirmed', amount: 900, currency: 'EUR', unit: 'bundle', state: 'invoiced', kind: 'agreed' },
      { conversation_id: 'glow-q1:dan@example.com', contact_email: 'dan@example.com', talent_name: 'Dan Frost', status: 'confirmed', amount: 400, currency: 'GBP', unit: 'per_post', state: 'agreed', kind: 'agreed' },
      { conversation_id: 'glow-q1:ana@example.com', contact_email: 'ana@example.com', talent_name: 'Anaïs Dubois', status: 'negotiating', amount: 1500, currency: 'EUR', unit: 'per_post', state: 'countered', kind: 'open' },
    ],
    budget: { amount: 5000, currency: 'EUR' },
    budget_remaining: 2900,
    agreed_outside_budget: [{ amount: 400, currency: 'GBP' }],
    board_query: 'sort=-fee',
  },
  calendar: [
    {
      week: '2026-W07',
      starts_on: '2026-02-09',
      entries: [{ date: '2026-02-10', kind: 'draft_due', conversation_id: 'glow-q1:cleo@example.com', contact_email: 'cleo@example.com', talent_name: 'Cléo Martin', status: 'confirmed', overdue: true }],
    },
    {
      week: '2026-W08',
      starts_on: '2026-02-16',
      entries: [{ date: '2026-02-20', kind: 'go_live', conversation_id: 'glow-q1:cleo@example.com', contact_email: 'cleo@example.com', talent_name: 'Cléo Martin', status: 'confirmed', overdue: false }],
    },
  ],
  responsiveness: [
    {
      mailbox: 'maya@brightwave.test',
      needs_reply: 2,
      oldest_waiting_since: '2026-02-07T12:00:00.000Z',
      oldest_contact_email: 'ana@example.com',
      oldest_talent_name: 'Anaïs Dubois',
      board_query: 'status=not_contacted,awaiting_reply,replied,negotiating,confirmed&turn=agency',
    },
  ],
});

const setup = (report: { status?: number; body: unknown } = { body: { success: true, report: REPORT } }) => {
  const api = fakeApi({
    'GET /api/campaigns/glow-q1': () => ({ body: { success: true, campaign: testCampaign({ campaign_id: 'glow-q1', campaign_name: 'Glow Serum Q1' }) } }),
    'GET /api/v3/campaigns/glow-q1/report': () => report,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  const view = renderRoutes(
    [
      { path: '/campaigns/:id/report', element: <CampaignReportRoute /> },
      { path: '/campaigns/:id', element: <p>Board page</p> },
      { path: '/talents/:email', element: <p>Timeline page</p> },
    ],
    { path: '/campaigns/glow-q1/report' },
  );
  return { ...view, user: userEvent.setup() };
};

const table = (name: string) => screen.getByRole('table', { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CampaignReportRoute', () => {
  it('shows the funnel as bars described in words and as a table whose counts open the board filtered to their rows', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Glow Serum Q1 · Report' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Funnel: In list 10, Contacted 8, Replied 4, Negotiating 3, Confirmed 2, Declined 1, No reply 3' })).toBeTruthy();
    const funnel = table('Funnel');
    const confirmed = within(funnel).getByRole('row', { name: /^Confirmed/ });
    expect(within(confirmed).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2 (Show the rows behind Confirmed on the board)', '67%', '20%']);
    expect(within(confirmed).getByRole('link').getAttribute('href')).toBe('/campaigns/glow-q1?status=confirmed');
    expect(within(funnel).getByRole('row', { name: /^In list/ }).querySelector('a')!.getAttribute('href')).toBe('/campaigns/glow-q1');
    expect(within(within(funnel).getByRole('row', { name: /^No reply/ })).getByRole('link').getAttribute('href')).toBe('/campaigns/glow-q1?status=awaiting_reply');
    expect(screen.getByRole('link', { name: '63% (Show the rows behind Reply rate on the board)' }).getAttribute('href')).toBe('/campaigns/glow-q1?status=replied,negotiating,confirmed,declined');
    expect(screen.getAllByText('Not available')).toHaveLength(2);
    expect(screen.getByText(REPORT.timing_note)).toBeTruthy();
  });

  it('draws each bar to its share of the list', async () => {
    setup();
    const chart = await screen.findByRole('img', { name: /^Funnel:/ });
    expect([...chart.querySelectorAll('rect[data-share]')].map((bar) => Number(bar.getAttribute('data-share')))).toEqual([1, 0.8, 0.4, 0.3, 0.2, 0.1, 0.3]);
  });

  it('sets agreed spend against the budget per currency, says nothing is converted, and lists each talent\'s fee', async () => {
    setup();
    expect(await screen.findByText('Budget €5,000: €2,900 left after agreed fees.')).toBeTruthy();
    expect(screen.getByText(REPORT.spend.conversion_note)).toBeTruthy();
    expect(screen.getByText('Agreed in other currencies, not set against the budget: £400.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Agreed and open fees by currency: EUR: Agreed €2,100, Quoted, open €1,500, Budget €5,000' })).toBeTruthy();
    const spend = table('Spend');
    const rows = within(spend).getAllByRole('row').slice(1, 5);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Cléo MartinConfirmedAgreed€1,200 per post',
      'Ben OdeConfirmedInvoiced€900 bundle',
      'Dan FrostConfirmedAgreed£400 per post',
      'Anaïs DuboisNegotiatingCountered€1,500 per post',
    ]);
    expect(within(spend).getByRole('link', { name: 'Cléo Martin' }).getAttribute('href')).toBe('/talents/cleo%40example.com?campaign=glow-q1');
    expect(within(spend).getByRole('link', { name: /^€2,100/ }).getAttribute('href')).toBe('/campaigns/glow-q1?sort=-fee');
  });

  it('lists key dates by ISO week with the passed one marked Overdue in words', async () => {
    setup();
    const week7 = await screen.findByRole('table', { name: '2026-W07 · week of Feb 9, 2026' });
    expect(within(week7).getByRole('row', { name: /Feb 10, 2026/ }).textContent).toBe('Feb 10, 2026Draft dueOverdueCléo MartinConfirmed');
    expect(within(table('2026-W08 · week of Feb 16, 2026')).queryByText('Overdue')).toBeNull();
  });

  it('shows who waits on a reply by mailbox, the count linking to the needs-reply rows', async () => {
    setup();
    const waiting = await screen.findByRole('table', { name: 'Waiting on a reply' });
    const row = within(waiting).getByRole('row', { name: /maya@brightwave.test/ });
    expect(within(row).getByRole('link', { name: /^2/ }).getAttribute('href')).toBe('/campaigns/glow-q1?status=not_contacted,awaiting_reply,replied,negotiating,confirmed&turn=agency');
    expect(within(row).getByText('4 days ago')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Anaïs Dubois' })).toBeTruthy();
  });

  it('downloads a table as CSV in the words the page shows', async () => {
    const { user } = setup();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Download CSV: Funnel' }));
    // jsdom's Blob has no text(): read it as the browser's FileReader would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^\ufeff/, ''));
      reader.readAsText(blobs[0]!);
    });
    expect(parseCsv(text)).toEqual([
      ['Step', 'Talents', 'Of previous step', 'Of list', 'Of contacted'],
      ['In list', '10', '', '100%', ''],
      ['Contacted', '8', '80%', '80%', ''],
      ['Replied', '4', '50%', '40%', ''],
      ['Negotiating', '3', '75%', '30%', ''],
      ['Confirmed', '2', '67%', '20%', ''],
      ['Declined', '1', '', '', '13%'],
      ['No reply', '3', '', '', '38%'],
    ]);
  });

  it('links the board\'s table and pipeline beside the report', async () => {
    setup();
    const tabs = await screen.findByRole('navigation', { name: 'Campaign views' });
    expect(within(tabs).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual([
      ['Table', '/campaigns/glow-q1', null],
      ['Pipeline', '/campaigns/glow-q1?view=pipeline', null],
      ['Report', '/campaigns/glow-q1/report', 'page'],
    ]);
  });

  it('says so when the report cannot load', async () => {
    setup({ status: 404, body: { success: false, error: 'Campaign "glow-q1" not found' } });
    expect(await screen.findByText('Could not load the campaign report')).toBeTruthy();
    expect(screen.getByText('Campaign "glow-q1" not found')).toBeTruthy();
  });
});
