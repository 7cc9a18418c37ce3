// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationListResponse } from '../../../../../shared/schemas/conversations';
import { notificationStore } from '../../../components/ui/notifications';
import { renderRoutes } from '../../../testing/render';
import { testCampaign } from '../../../testing/campaign-fakes';
import { BOARD_CSV_HEADER } from '../lib/board-export';
import { parseCsv } from '../../../lib/csv';
import { testList, testRow } from '../../../testing/board-fakes';
import { CampaignBoardRoute } from './campaign-board';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const CAMPAIGN = testCampaign({
  campaign_id: 'glow-q1',
  campaign_name: 'Glow Serum Q1',
  client_name: 'Lumen Skincare',
  campaign_live_dates: '2026-01-19 to 2026-02-28',
  status: 'ready',
  campaign_folder_id: 'folder-1',
  influencer_list_sheet_id: 'sheet-inf',
  outreach_tracker_sheet_id: 'sheet-out',
  drive_account: '2',
});

const ANA = testRow({
  contact_email: 'ana@example.com',
  talent_name: 'Ana Lima',
  handle: '@analima',
  status: 'negotiating',
  corrected_fields: ['status'],
  whose_turn: 'agency',
  turn_since: ago(3 * DAY + 3_600_000),
  last_inbound_at: '2026-03-01T10:00:00.000Z',
  last_outbound_at: '2026-02-27T10:00:00.000Z',
  next_date: { date: '2026-03-15', kind: 'go_live', quote: 'live on the 15th', message_id: null, set_by: 'model' },
  latest_fee: { amount: 1500, currency: 'EUR', unit: 'per_post', vat_included: null, state: 'countered', quote: '€1,500 per post', message_id: null, set_by: 'person' },
  summary: 'Countered at €1,500 per post; waiting for our answer on usage rights.',
});
const BEN = testRow({ contact_email: 'ben@example.com', talent_name: 'Ben Ode', handle: '', status: 'not_contacted', tracking: false });
const CLEO = testRow({
  contact_email: 'cleo@example.com',
  talent_name: 'Cléo Martin',
  handle: '@cleo',
  email_owner: 'boss@mgmt.com',
  attribution: { reason: 'manager_named', campaign_confirmed: true, evidence: 'boss@mgmt.com wrote; handle @cleo in the subject' },
  status: 'awaiting_reply',
  whose_turn: 'talent',
  turn_since: ago(5 * 3_600_000),
});

type Reply = { status?: number; body: unknown };
type Handler = (url: URL, body: unknown) => Reply | Promise<Reply>;

/** A fetch stub that sees the whole URL (the list's query is the point of these tests). */
const setup = ({ path = '/campaigns/glow-q1', list, handlers = {} }: { path?: string; list?: Handler; handlers?: Record<string, Handler> } = {}) => {
  const requests: { method: string; url: URL; body: unknown }[] = [];
  const routes: Record<string, Handler> = {
    'GET /api/campaigns/glow-q1': () => ({ body: { success: true, campaign: CAMPAIGN } }),
    'GET /api/v3/conversations': list ?? (() => ({ body: testList([ANA, BEN, CLEO]) })),
    ...handlers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url, body });
      const handler = routes[`${method} ${url.pathname}`];
      if (!handler) throw new Error(`Unexpected request ${method} ${url.pathname}`);
      const reply = await handler(url, body);
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const view = renderRoutes(
    [
      { path: '/campaigns/:id', element: <CampaignBoardRoute /> },
      { path: '/talents/:email', element: <p>Timeline page</p> },
      { path: '/contacts', element: <p>Contacts page</p> },
      { path: '/campaigns', element: <p>Campaigns page</p> },
    ],
    { path },
  );
  const listRequests = () => requests.filter((request) => request.url.pathname === '/api/v3/conversations');
  const lastListQuery = () => Object.fromEntries(listRequests().at(-1)!.url.searchParams);
  return { ...view, requests, listRequests, lastListQuery, user: userEvent.setup() };
};

const rowOf = (name: string) => screen.getAllByTestId('board-row').find((row) => within(row).queryByText(name))!;

beforeEach(() => {
  notificationStore.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('CampaignBoardRoute: header and table', () => {
  it('shows the campaign, its Drive links and a back link', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Glow Serum Q1' })).toBeTruthy();
    expect(screen.getByText('Lumen Skincare')).toBeTruthy();
    expect(screen.getByText('Jan 19 - Feb 28, 2026')).toBeTruthy();
    const drive = screen.getByRole('navigation', { name: 'Drive' });
    expect(within(drive).getByRole('link', { name: /Drive folder/ }).getAttribute('href')).toBe('https://drive.google.com/drive/folders/folder-1?authuser=2');
    expect(within(drive).getByRole('link', { name: /Influencer list/ }).getAttribute('href')).toBe('https://docs.google.com/spreadsheets/d/sheet-inf/edit?authuser=2');
    expect(within(drive).getByRole('link', { name: /Outreach tracker/ }).getAttribute('href')).toBe('https://docs.google.com/spreadsheets/d/sheet-out/edit?authuser=2');
    expect(screen.getByRole('link', { name: 'Campaigns' }).getAttribute('href')).toBe('/campaigns');
  });

  it('lists every talent with status, turn, dates, fee and summary', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Talents of Glow Serum Q1' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['', 'Talent', 'Status', 'Whose turn', 'Last inbound', 'Last outbound', 'Next key date', 'Latest fee', 'Summary']);
    expect(within(table).getAllByTestId('board-row')).toHaveLength(3);

    const ana = rowOf('Ana Lima');
    expect(within(ana).getByRole('rowheader').textContent).toContain('ana@example.com');
    expect(within(ana).getByText('@analima')).toBeTruthy();
    expect(within(ana).getByText('Negotiating')).toBeTruthy();
    expect(within(ana).getByText('set by a person')).toBeTruthy();
    expect(within(ana).getByText('Agency · 3 days')).toBeTruthy();
    expect(within(ana).getByText('Mar 1, 2026')).toBeTruthy();
    expect(within(ana).getByText('Feb 27, 2026')).toBeTruthy();
    expect(within(ana).getByText('Mar 15, 2026 · Go live')).toBeTruthy();
    expect(within(ana).getByText('€1,500 per post')).toBeTruthy();
    const summary = within(ana).getByText(ANA.summary);
    expect(summary.getAttribute('title')).toBe(ANA.summary);
    expect(summary.className).toContain('truncate');

    const ben = rowOf('Ben Ode');
    expect(within(ben).getByText('Not contacted')).toBeTruthy();
    expect(within(ben).getByText('Paused')).toBeTruthy();
    expect(within(rowOf('Cléo Martin')).getByText('Talent · 5 hours')).toBeTruthy();
    // a row only the manager's mail made: which evidence the rules used
    expect(within(rowOf('Cléo Martin')).getByTestId('row-attribution-evidence').textContent).toBe('boss@mgmt.com wrote; handle @cleo in the subject');
    expect(within(ana).queryByTestId('row-attribution-evidence')).toBeNull();
  });

  it('labels every checkbox and gives rows and headers their scope', async () => {
    setup();
    await screen.findByRole('table');
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeTruthy();
    for (const name of ['Ana Lima', 'Ben Ode', 'Cléo Martin']) expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeTruthy();
    for (const header of screen.getAllByRole('columnheader')) expect(header.getAttribute('scope')).toBe('col');
    for (const header of screen.getAllByRole('rowheader')) expect(header.getAttribute('scope')).toBe('row');
  });

  it('opens the talent timeline on a row click or Enter, keeping the campaign', async () => {
    const { router, user } = setup();
    await screen.findByRole('table');
    await user.click(within(rowOf('Cléo Martin')).getByText('Talent · 5 hours'));
    expect(router.state.location.pathname).toBe('/talents/cleo%40example.com');
    expect(router.state.location.search).toBe('?campaign=glow-q1');

    await router.navigate('/campaigns/glow-q1');
    await screen.findByRole('table');
    const ana = rowOf('Ana Lima');
    ana.focus();
    fireEvent.keyDown(ana, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/talents/ana%40example.com'));
  });

  it('does not open the timeline when a checkbox is clicked', async () => {
    const { router, user } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Lima' }));
    expect(router.state.location.pathname).toBe('/campaigns/glow-q1');
    expect(screen.getByText('1 talent selected')).toBeTruthy();
  });

  it('stacks the rows as cards on a narrow screen', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    setup();
    const stacked = await screen.findByTestId('board-stacked');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(stacked).getAllByTestId('board-card')).toHaveLength(3);
    expect(within(stacked).getByRole('link', { name: 'Ana Lima' }).getAttribute('href')).toBe('/talents/ana%40example.com?campaign=glow-q1');
  });
});

describe('CampaignBoardRoute: URL state, filters, search and sort go to the server', () => {
  it('restores the filters and sort from the URL and sends them as the list query', async () => {
    const { lastListQuery } = setup({ path: '/campaigns/glow-q1?status=replied,negotiating&turn=agency&follow_up=true&tracking=on&sort=-waiting&q=ana' });
    await screen.findByRole('table');
    expect(lastListQuery()).toEqual({
      campaign_id: 'glow-q1',
      limit: '50',
      q: 'ana',
      status: 'replied,negotiating',
      turn: 'agency',
      follow_up: 'true',
      tracking: 'on',
      sort: '-waiting',
    });
    expect((screen.getByRole('searchbox', { name: 'Search talents' }) as HTMLInputElement).value).toBe('ana');
    expect((screen.getByRole('combobox', { name: 'Whose turn' }) as HTMLSelectElement).value).toBe('agency');
    expect((screen.getByRole('checkbox', { name: 'Replied' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Needs follow-up' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('columnheader', { name: /Whose turn/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts by a column header, ascending then descending, in the URL and the query', async () => {
    const { router, user, lastListQuery } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Whose turn' }));
    await waitFor(() => expect(lastListQuery().sort).toBe('waiting'));
    expect(router.state.location.search).toBe('?sort=waiting');
    await user.click(screen.getByRole('button', { name: 'Whose turn' }));
    await waitFor(() => expect(lastListQuery().sort).toBe('-waiting'));
    expect(router.state.location.search).toBe('?sort=-waiting');
    await user.click(screen.getByRole('button', { name: 'Latest fee' }));
    await waitFor(() => expect(lastListQuery().sort).toBe('fee'));
  });

  it('filters by turn, status, follow-up and tracking through the server, never on the client', async () => {
    const { router, user, lastListQuery } = setup();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Whose turn' }), 'Needs reply');
    await waitFor(() => expect(lastListQuery().turn).toBe('agency'));
    // The server answered with all three: the board shows what it was given.
    expect(screen.getAllByTestId('board-row')).toHaveLength(3);
    await user.click(screen.getByRole('checkbox', { name: 'Negotiating' }));
    await waitFor(() => expect(lastListQuery().status).toBe('negotiating'));
    await user.click(screen.getByRole('checkbox', { name: 'Needs follow-up' }));
    await waitFor(() => expect(lastListQuery().follow_up).toBe('true'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tracking' }), 'Tracking paused');
    await waitFor(() => expect(lastListQuery().tracking).toBe('off'));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('status=negotiating&turn=agency&follow_up=true&tracking=off');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Back to the first query (answered from the cache).
    expect((screen.getByRole('combobox', { name: 'Whose turn' }) as HTMLSelectElement).value).toBe('any');
    expect((screen.getByRole('checkbox', { name: 'Negotiating' }) as HTMLInputElement).checked).toBe(false);
  });

  it('searches after a pause in typing, once', async () => {
    const { router, user, listRequests, lastListQuery } = setup();
    await screen.findByRole('table');
    const before = listRequests().length;
    await user.type(screen.getByRole('searchbox', { name: 'Search talents' }), 'hol');
    await waitFor(() => expect(lastListQuery().q).toBe('hol'));
    expect(listRequests().slice(before).map((request) => request.url.searchParams.get('q'))).toEqual(['hol']);
    expect(router.state.location.search).toBe('?q=hol');
  });

  it('switches to the pipeline, with the API counts as column heads', async () => {
    const { router, user } = setup({ list: () => ({ body: testList([ANA, BEN, CLEO], { total: 140, cursor: 'next', counts: { not_contacted: 90, awaiting_reply: 30, negotiating: 12, confirmed: 8 } }) }) });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Pipeline' }));
    expect(router.state.location.search).toBe('?view=pipeline');
    const pipeline = await screen.findByTestId('board-pipeline');
    const column = (name: string) => within(pipeline).getByRole('region', { name: new RegExp(`^${name}`) });
    expect(within(column('Not contacted')).getByTestId('pipeline-count').textContent).toBe('90');
    expect(within(column('Not contacted')).getByText('Ben Ode')).toBeTruthy();
    expect(within(column('Not contacted')).getByText('1 of 90 on this page')).toBeTruthy();
    expect(within(column('Negotiating')).getByText('Ana Lima')).toBeTruthy();
    expect(within(column('Replied')).getByTestId('pipeline-count').textContent).toBe('0');
    expect(within(column('Declined')).getByText('None')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pipeline' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('pages with the cursor: next, then previous', async () => {
    const page2 = testRow({ contact_email: 'zoe@example.com', talent_name: 'Zoe Park' });
    const { user, lastListQuery } = setup({
      list: (url) =>
        url.searchParams.get('cursor') === 'c50'
          ? { body: testList([page2], { total: 51 }) }
          : { body: testList([ANA, BEN, CLEO], { total: 51, cursor: 'c50' }) },
    });
    await screen.findByRole('table');
    expect(screen.getByTestId('board-showing').textContent).toBe('Showing 1–3 of 51');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Zoe Park');
    expect(lastListQuery().cursor).toBe('c50');
    expect(screen.getByTestId('board-showing').textContent).toBe('Showing 51–51 of 51');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Ana Lima');
    expect(screen.getByTestId('board-showing').textContent).toBe('Showing 1–3 of 51');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('CampaignBoardRoute: states', () => {
  it('shows skeletons while loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    setup({
      list: async () => {
        await gate;
        return { body: testList([ANA]) };
      },
    });
    expect(screen.getByRole('status', { name: 'Loading talents' })).toBeTruthy();
    release();
    await screen.findByRole('table');
    expect(screen.queryByRole('status', { name: 'Loading talents' })).toBeNull();
  });

  it('shows the empty state with a link to Contacts when the campaign has no talent', async () => {
    setup({ list: () => ({ body: testList([]) }) });
    expect(await screen.findByText('No talents in this campaign yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Contacts' }).getAttribute('href')).toBe('/contacts');
  });

  it('offers to clear the filters when nothing matches them', async () => {
    const { router, user } = setup({ path: '/campaigns/glow-q1?turn=talent', list: (url) => ({ body: testList(url.searchParams.get('turn') ? [] : [ANA]) }) });
    expect(await screen.findByText('No talents match')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await screen.findByRole('table');
    expect(router.state.location.search).toBe('');
  });

  it('shows the error with a retry that loads the list', async () => {
    let fail = true;
    const { user } = setup({
      list: () => (fail ? { status: 400, body: { success: false, error: 'Invalid cursor' } } : { body: testList([ANA]) }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load talents');
    expect(alert.textContent).toContain('Invalid cursor');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table');
  });

  it('says "Failed to load campaign" when the campaign does not load', async () => {
    setup({ handlers: { 'GET /api/campaigns/glow-q1': () => ({ status: 404, body: { success: false } }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'glow-q1' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load campaign')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    // The talents still load: the board does not need the campaign's details.
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});

describe('CampaignBoardRoute: bulk actions', () => {
  const okContact = (body: unknown) => {
    const { email, campaign_id: campaignId } = body as { email: string; campaign_id: string };
    return { body: { success: true, contact: { email, campaign_id: campaignId, tracking: false }, contacts: [{ email, campaign_id: campaignId }], removed: 1 } };
  };

  it('pauses tracking of the selected rows, naming the campaign for each, then reloads the list', async () => {
    const { requests, listRequests, user } = setup({ handlers: { 'POST /api/campaigns/contacts/tracking/toggle': (_url, body) => okContact(body) } });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Lima' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cléo Martin' }));
    expect(screen.getByText('2 talents selected')).toBeTruthy();
    const loads = listRequests().length;
    await user.click(screen.getByRole('button', { name: 'Pause tracking for 2 talents' }));
    await waitFor(() => expect(notificationStore.getSnapshot().map((n) => n.message)).toContain('Tracking paused for 2 talents'));
    const toggles = requests.filter((request) => request.url.pathname === '/api/campaigns/contacts/tracking/toggle').map((request) => request.body);
    expect(toggles).toEqual([
      { email: 'ana@example.com', tracking: false, campaign_id: 'glow-q1' },
      { email: 'cleo@example.com', tracking: false, campaign_id: 'glow-q1' },
    ]);
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(loads));
    // Done with that selection: the next action (say, Add to another campaign) starts from none.
    await waitFor(() => expect(screen.queryByText('2 talents selected')).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Select Ana Lima' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Export all as CSV' })).toBeTruthy();
  });

  it('selects every row of the page at once', async () => {
    const { user } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('3 talents selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('removes the selected rows from the campaign after a confirmation', async () => {
    const { requests, user } = setup({ handlers: { 'POST /api/campaigns/contacts/remove': (_url, body) => okContact(body) } });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select Ben Ode' }));
    await user.click(screen.getByRole('button', { name: 'Remove 1 talent from campaign' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove from Campaign' });
    expect(within(confirm).getByText('Remove 1 talent from Glow Serum Q1?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(notificationStore.getSnapshot().map((n) => n.title)).toContain('Removed from Campaign'));
    expect(requests.filter((request) => request.url.pathname === '/api/campaigns/contacts/remove').map((request) => request.body)).toEqual([
      { email: 'ben@example.com', campaign_id: 'glow-q1' },
    ]);
  });

  it('does nothing when the removal is cancelled', async () => {
    const { requests, user } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select Ben Ode' }));
    await user.click(screen.getByRole('button', { name: 'Remove 1 talent from campaign' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.url.pathname === '/api/campaigns/contacts/remove')).toBe(false);
  });

  it('adds the selected talents to another campaign and reports duplicates per row', async () => {
    const other = testCampaign({ campaign_id: 'glow-q2', campaign_name: 'Glow Serum Q2', status: 'ready' });
    const { requests, user } = setup({
      handlers: {
        'GET /api/campaigns/list': () => ({ body: { success: true, campaigns: [CAMPAIGN, other], total: 2 } }),
        'POST /api/campaigns/contacts/add': (_url, body) =>
          (body as { email: string }).email === 'cleo@example.com'
            ? { status: 409, body: { success: false, error: 'Contact already exists in this campaign' } }
            : { body: { success: true, contact: { email: (body as { email: string }).email, campaign_id: 'glow-q2' } } },
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Lima' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cléo Martin' }));
    await user.click(screen.getByRole('button', { name: 'Add 2 talents to another campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Another Campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Talents' }));
    expect(await within(dialog).findByText('Please select a campaign')).toBeTruthy();
    const select = within(dialog).getByRole('combobox', { name: 'Campaign' });
    expect(within(select).queryByRole('option', { name: /glow-q1/ })).toBeNull();
    await user.selectOptions(select, 'glow-q2 - Glow Serum Q2');
    await user.click(within(dialog).getByRole('button', { name: 'Add Talents' }));
    const results = await within(dialog).findByTestId('add-results');
    expect(within(results).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ana LimaAdded', 'Cléo MartinAlready in that campaign']);
    expect(requests.filter((request) => request.url.pathname === '/api/campaigns/contacts/add').map((request) => request.body)).toEqual([
      { email: 'ana@example.com', talent_name: 'Ana Lima', email_owner: '', campaign_id: 'glow-q2', handle: '@analima' },
      { email: 'cleo@example.com', talent_name: 'Cléo Martin', email_owner: 'boss@mgmt.com', campaign_id: 'glow-q2', handle: '@cleo' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Acted on: the next "Add to another campaign" starts from a new selection, never with Ana or Cléo left in it.
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ben Ode' }));
    await user.click(screen.getByRole('button', { name: 'Add 1 talent to another campaign' }));
    expect((await screen.findByRole('dialog', { name: 'Add to Another Campaign' })).textContent).toContain('Add 1 talent with their e-mail');
  });
});

/** jsdom's Blob has no text(): read it as the browser would hand it to a file. */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('CampaignBoardRoute: export', () => {
  it('pages through every row of the current filter and downloads them as CSV', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:test'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, listRequests } = setup({
      path: '/campaigns/glow-q1?turn=agency&sort=-waiting',
      list: (url): Reply => {
        if (url.searchParams.get('limit') !== '500') return { body: testList([ANA, BEN, CLEO]) };
        const answer: ConversationListResponse =
          url.searchParams.get('cursor') === 'p2' ? testList([CLEO], { total: 3 }) : testList([ANA, BEN], { total: 3, cursor: 'p2' });
        return { body: answer };
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export all as CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(click).toHaveBeenCalledTimes(1);
    const exports = listRequests().filter((request) => request.url.searchParams.get('limit') === '500');
    expect(exports.map((request) => Object.fromEntries(request.url.searchParams))).toEqual([
      { campaign_id: 'glow-q1', limit: '500', turn: 'agency', sort: '-waiting' },
      { campaign_id: 'glow-q1', limit: '500', turn: 'agency', sort: '-waiting', cursor: 'p2' },
    ]);
    const rows = parseCsv((await blobText(blobs[0]!)).replace(/^\ufeff/, ''));
    expect(rows[0]).toEqual([...BOARD_CSV_HEADER]);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['ana@example.com', 'ben@example.com', 'cleo@example.com']);
    expect(rows[1]![rows[0]!.indexOf('Status')]).toBe('Negotiating (set by a person)');
    await waitFor(() => expect(notificationStore.getSnapshot().map((n) => n.message)).toContain('Exported 3 talents'));
  });

  it('exports only the selected rows when some are selected, as the button says, asking the server for nothing more', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:test'), revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, listRequests } = setup({ list: (): Reply => ({ body: testList([ANA, BEN, CLEO]) }) });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Lima' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cléo Martin' }));
    await user.click(screen.getByRole('button', { name: 'Export 2 selected as CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(listRequests().filter((request) => request.url.searchParams.get('limit') === '500')).toEqual([]);
    const rows = parseCsv((await blobText(blobs[0]!)).replace(/^\ufeff/, ''));
    expect(rows.slice(1).map((row) => row[1])).toEqual(['ana@example.com', 'cleo@example.com']);
    await waitFor(() => expect(notificationStore.getSnapshot().map((n) => n.message)).toContain('Exported 2 talents'));
  });
});
