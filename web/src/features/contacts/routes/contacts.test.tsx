// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { fakeCampaignList, fakeTracking } from '../../../testing/fakes';
import { fakeApi, renderRoutes } from '../../../testing/render';
import { removeContactResponse, toggleTrackingResponse, trackingResponse } from '../../../../../shared/schemas/campaigns';
import { testCampaign } from '../../../testing/campaign-fakes';
import { testContact, testTracking } from '../../../testing/contact-fakes';
import { ContactsRoute } from './contacts';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CAMPAIGNS = [
  testCampaign(),
  testCampaign({ campaign_id: 'autumn', campaign_name: 'Autumn Drop' }),
  testCampaign({ campaign_id: 'gone', campaign_name: 'Gone', status: 'deleting' }),
];

const trackingBody = () => trackingResponse.parse({ success: true, ...testTracking() });

type Handlers = Parameters<typeof fakeApi>[0];

/** Renders the screen on `api`, pushing each request's query parameters to `asked` (the search tests read them). */
const renderRecordingQueries = (api: ReturnType<typeof fakeApi>, asked: URLSearchParams[]) => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(new URL(String(input), 'http://localhost').searchParams);
      return api.fetchImpl(input, init);
    }),
  );
  renderRoutes([{ path: '/contacts', element: <ContactsRoute /> }], { path: '/contacts' });
};

const setup = (handlers: Handlers = {}) => {
  const api = fakeApi({
    'GET /api/campaigns/list': () => ({ body: fakeCampaignList(CAMPAIGNS) }),
    'GET /api/campaigns/contacts/tracking': () => ({ body: trackingBody() }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  const view = renderRoutes(
    [
      { path: '/contacts', element: <ContactsRoute /> },
      { path: '/campaigns', element: <p>campaigns page</p> },
    ],
    { path: '/contacts' },
  );
  return { api, user: userEvent.setup(), ...view };
};

const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

/** The first call answers; later ones never do, so the cache only changes through the mutation. */
const firstOnly = (body: () => unknown) => {
  let calls = 0;
  return () => {
    calls += 1;
    return calls === 1 ? { body: body() } : new Promise<never>(() => {});
  };
};

const SUMMER = 'summer-25 - Summer Launch';
const AUTUMN = 'autumn - Autumn Drop';
const group = (label: string) => within(screen.getByRole('region', { name: label }));
/** The row of an e-mail, in one campaign's group when the talent is in several. */
const row = (email: string, groupLabel?: string) =>
  (groupLabel ? group(groupLabel).getAllByTestId('contact-row') : screen.getAllByTestId('contact-row')).find((element) => within(element).queryByText(email))!;

describe('ContactsRoute', () => {
  it('shows an empty card linking to /campaigns when there are no campaigns', async () => {
    const { user, router } = setup({ 'GET /api/campaigns/list': () => ({ body: { success: true, campaigns: [], total: 0 } }) });
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeTruthy();
    expect(screen.getByText('Manage contacts across all campaigns')).toBeTruthy();
    await user.click(await screen.findByRole('link', { name: 'Go to Campaigns' }));
    expect(router.state.location.pathname).toBe('/campaigns');
  });

  it('shows the summary tiles and the By Campaign counts', async () => {
    setup();
    await screen.findByText('Total contacts');
    const tile = (label: string) => screen.getByText(label).parentElement!.textContent;
    expect(tile('Total campaigns')).toBe('Total campaigns3');
    expect(tile('Total contacts')).toBe('Total contacts5');
    expect(tile('Tracked contacts')).toBe('Tracked contacts3');
    const list = within(screen.getByRole('list', { name: 'By Campaign' }));
    const items = list.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Autumn Drop - autumn1 disabled · 2 total · 1 tracking', 'Summer Launch - summer-251 disabled · 2 total · 1 tracking']);
  });

  it('groups contacts alphabetically with counts, manager and tracking labels', async () => {
    setup();
    const groups = await screen.findAllByTestId('contact-group');
    expect(groups.map((element) => element.querySelector('h3')?.textContent)).toEqual([
      'autumn - Autumn Drop(2)',
      'No Campaign(1)',
      'summer-25 - Summer Launch(2)',
    ]);
    const ana = within(row('ana@talent.test', SUMMER));
    expect(ana.getByText('Ana Lima')).toBeTruthy();
    expect(ana.getByText('@analima')).toBeTruthy();
    expect(ana.getByText('Manager: mgr@agency.test')).toBeTruthy();
    expect(ana.getByText('Tracking')).toBeTruthy();
    expect(within(row('bo@talent.test')).getByText('Paused')).toBeTruthy();
  });

  it('shows a talent booked in two campaigns under both, each with its own tracking', async () => {
    setup();
    await screen.findAllByTestId('contact-row');
    expect(within(row('ana@talent.test', SUMMER)).getByText('Tracking')).toBeTruthy();
    expect(within(row('ana@talent.test', AUTUMN)).getByText('Paused')).toBeTruthy();
  });

  it('offers only campaigns that are not being deleted, as "id - name"', async () => {
    setup();
    const form = within(await screen.findByRole('form', { name: 'Add Individual Contact' }));
    const options = form.getAllByRole('option', { hidden: true }).map((option) => option.textContent);
    expect(options).toEqual(['Select a campaign', 'summer-25 - Summer Launch', 'autumn - Autumn Drop']);
  });

  it('filters the contacts shown by campaign and tracking', async () => {
    const { user } = setup();
    await screen.findAllByTestId('contact-row');
    await user.selectOptions(screen.getByLabelText('Filter by campaign'), 'summer-25');
    await user.selectOptions(screen.getByLabelText('Filter by tracking'), 'tracking');
    expect(screen.getAllByTestId('contact-row').map((element) => element.querySelector('p')?.textContent)).toEqual(['ana@talent.test']);
    await user.selectOptions(screen.getByLabelText('Filter by campaign'), 'autumn');
    expect(screen.getAllByTestId('contact-row').map((element) => element.querySelector('p')?.textContent)).toEqual(['cy@talent.test']);
    await user.selectOptions(screen.getByLabelText('Filter by tracking'), 'paused');
    expect(screen.getAllByTestId('contact-row').map((element) => element.querySelector('p')?.textContent)).toEqual(['ana@talent.test']);
  });

  it('searches on the server once typing pauses: a new search from its first page, "Load more" by its cursor, the listing back when cleared', async () => {
    const zoe = testContact({ email: 'zz.quintero@studio.test', talent_name: 'Zoë Quintero', campaign_id: 'autumn', campaign_name: 'Autumn Drop' });
    const zia = testContact({ email: 'zia@talent.test', talent_name: 'Zia Quinn', campaign_id: 'autumn', campaign_name: 'Autumn Drop' });
    const asked: URLSearchParams[] = [];
    const api = fakeApi({
      'GET /api/campaigns/list': () => ({ body: fakeCampaignList(CAMPAIGNS) }),
      'GET /api/campaigns/contacts/tracking': () => {
        const params = asked.at(-1)!;
        const q = params.get('q');
        if (q === null) return { body: trackingBody() };
        // A search answer: no counts; "quin" has two pages.
        if (q !== 'quin') return { body: fakeTracking({ contacts: {}, summary: undefined, by_campaign: undefined }) };
        const second = params.get('cursor') === 'quin-2';
        const contact = second ? zia : zoe;
        return {
          body: fakeTracking({ contacts: { [`autumn:${contact.email}`]: contact }, summary: undefined, by_campaign: undefined, next_cursor: second ? null : 'quin-2' }),
        };
      },
    });
    renderRecordingQueries(api, asked);
    const user = userEvent.setup();
    const searchBox = await screen.findByLabelText('Search contacts');
    expect(searchBox.getAttribute('maxlength')).toBe('100');

    await user.type(searchBox, 'quin');
    expect(await screen.findByText('zz.quintero@studio.test')).toBeTruthy();
    expect(screen.queryByText('bo@talent.test')).toBeNull();
    const searches = () => asked.filter((params) => params.has('q')).map((params) => [params.get('q'), params.get('cursor')]);
    // One request for the pause, not one per key, from the first page.
    expect(searches()).toEqual([['quin', null]]);
    expect(screen.getByText('Showing the first 1 matching contacts')).toBeTruthy();
    // The counts stay the listing's (every contact).
    expect(screen.getByText('Total contacts').parentElement!.textContent).toBe('Total contacts5');

    await user.click(screen.getByRole('button', { name: 'Load more contacts' }));
    expect(await screen.findByText('zia@talent.test')).toBeTruthy();
    expect(screen.getByText('zz.quintero@studio.test')).toBeTruthy();
    expect(searches()).toEqual([
      ['quin', null],
      ['quin', 'quin-2'],
    ]);
    expect(screen.queryByRole('button', { name: 'Load more contacts' })).toBeNull();

    await user.type(searchBox, 'x');
    expect(await screen.findByText('No contacts match the filters.')).toBeTruthy();
    expect(searches().at(-1)).toEqual(['quinx', null]);

    await user.clear(searchBox);
    expect(await screen.findByText('bo@talent.test')).toBeTruthy();
    expect(screen.queryByText('zz.quintero@studio.test')).toBeNull();
  });

  it('shows the empty text without contacts', async () => {
    setup({
      'GET /api/campaigns/contacts/tracking': () => ({ body: { success: true, contacts: {}, summary: {}, by_campaign: {} } }),
    });
    expect(
      await screen.findByText('No contacts found. Add contacts using the forms above or import from Google Sheets.'),
    ).toBeTruthy();
  });

  it('loads the contacts a page at a time: the first with the counts, then more on "Load more contacts"', async () => {
    const ana = testContact();
    const cy = testContact({ email: 'cy@talent.test', talent_name: 'Cy', campaign_id: 'autumn', campaign_name: 'Autumn Drop' });
    const pages = [
      fakeTracking({
        contacts: { 'summer-25:ana@talent.test': ana },
        summary: { total_contacts: 2, tracking_enabled: 2, tracking_disabled: 0, total_campaigns: 2 },
        by_campaign: { 'summer-25': { campaign_name: 'Summer Launch', total: 1, tracking: 1, disabled: 0 }, autumn: { campaign_name: 'Autumn Drop', total: 1, tracking: 1, disabled: 0 } },
        next_cursor: 'page-2',
      }),
      fakeTracking({ contacts: { 'autumn:cy@talent.test': cy }, summary: undefined, by_campaign: undefined, next_cursor: null }),
    ];
    let served = 0;
    const { user, api } = setup({ 'GET /api/campaigns/contacts/tracking': () => ({ body: pages[served++] }) });
    expect(await screen.findByText('Showing 1 of 2 contacts; the campaign and tracking filters apply to those shown')).toBeTruthy();
    expect(screen.queryByText('cy@talent.test')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more contacts' }));
    expect(await screen.findByText('cy@talent.test')).toBeTruthy();
    expect(screen.getByText('ana@talent.test')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more contacts' })).toBeNull();
    // The counts are the first page's (every contact), not a sum of pages.
    expect(screen.getAllByText('2').length).toBeGreaterThan(0);
    expect(api.calls.filter((c) => c.key === 'GET /api/campaigns/contacts/tracking')).toHaveLength(2);
    const urls = vi.mocked(fetch).mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/contacts/tracking'));
    expect(urls.map((url) => new URL(url, 'http://localhost').searchParams.get('cursor'))).toEqual([null, 'page-2']);
  });

  it('toggles tracking at once and toasts "Tracking Updated"', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bo = testContact({ email: 'bo@talent.test', talent_name: 'Bo Chen', tracking: true, tracking_enabled: true });
    const { user, api } = setup({
      'GET /api/campaigns/contacts/tracking': firstOnly(trackingBody),
      'POST /api/campaigns/contacts/tracking/toggle': async () => {
        await answered;
        return { body: toggleTrackingResponse.parse({ success: true, contact: bo, contacts: [bo] }) };
      },
    });
    await screen.findAllByTestId('contact-row');
    await user.click(screen.getByRole('switch', { name: 'Tracking for bo@talent.test' }));
    expect(within(row('bo@talent.test')).getByText('Tracking')).toBeTruthy();
    expect(screen.getByText('Tracked contacts').parentElement!.textContent).toBe('Tracked contacts4');
    expect(api.calls.find((c) => c.key === 'POST /api/campaigns/contacts/tracking/toggle')?.body).toEqual({
      email: 'bo@talent.test',
      tracking: true,
      campaign_id: 'summer-25',
    });
    release();
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', title: 'Tracking Updated', message: 'Tracking enabled for Bo Chen' }]));
  });

  it("toggles one campaign's contact of a talent booked twice, leaving the other campaign's alone", async () => {
    const ana = testContact({ campaign_id: 'autumn', campaign_name: 'Autumn Drop' });
    const { user, api } = setup({
      'GET /api/campaigns/contacts/tracking': firstOnly(trackingBody),
      'POST /api/campaigns/contacts/tracking/toggle': () => ({ body: toggleTrackingResponse.parse({ success: true, contact: ana, contacts: [ana] }) }),
    });
    await screen.findAllByTestId('contact-row');
    await user.click(group(AUTUMN).getByRole('switch', { name: 'Tracking for ana@talent.test' }));
    expect(within(row('ana@talent.test', AUTUMN)).getByText('Tracking')).toBeTruthy();
    expect(within(row('ana@talent.test', SUMMER)).getByText('Tracking')).toBeTruthy();
    expect(api.calls.find((c) => c.key === 'POST /api/campaigns/contacts/tracking/toggle')?.body).toEqual({
      email: 'ana@talent.test',
      tracking: true,
      campaign_id: 'autumn',
    });
    await user.click(group(SUMMER).getByRole('switch', { name: 'Tracking for ana@talent.test' }));
    expect(within(row('ana@talent.test', SUMMER)).getByText('Paused')).toBeTruthy();
    expect(within(row('ana@talent.test', AUTUMN)).getByText('Tracking')).toBeTruthy();
  });

  it('rolls the switch back when the toggle fails', async () => {
    const { user } = setup({
      'GET /api/campaigns/contacts/tracking': firstOnly(trackingBody),
      'POST /api/campaigns/contacts/tracking/toggle': () => ({ status: 400, body: { success: false, error: 'Contact is locked' } }),
    });
    await screen.findAllByTestId('contact-row');
    await user.click(screen.getByRole('switch', { name: 'Tracking for dee@solo.test' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Error', message: 'Contact is locked' }]));
    expect(within(row('dee@solo.test')).getByText('Tracking')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Tracking for dee@solo.test' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Tracked contacts').parentElement!.textContent).toBe('Tracked contacts3');
  });

  it('flips a found contact at once, and its count in the listing', async () => {
    const asked: URLSearchParams[] = [];
    let release!: () => void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bo = testContact({ email: 'bo@talent.test', talent_name: 'Bo Chen', tracking: true, tracking_enabled: true });
    let listings = 0;
    const api = fakeApi({
      'GET /api/campaigns/list': () => ({ body: fakeCampaignList(CAMPAIGNS) }),
      'GET /api/campaigns/contacts/tracking': () => {
        if (asked.at(-1)!.get('q') === null) return (listings += 1) === 1 ? { body: trackingBody() } : new Promise<never>(() => {});
        const paused = testContact({ email: 'bo@talent.test', talent_name: 'Bo Chen', tracking: false, tracking_enabled: false });
        return { body: fakeTracking({ contacts: { 'summer-25:bo@talent.test': paused }, summary: undefined, by_campaign: undefined }) };
      },
      'POST /api/campaigns/contacts/tracking/toggle': async () => {
        await answered;
        return { body: toggleTrackingResponse.parse({ success: true, contact: bo, contacts: [bo] }) };
      },
    });
    renderRecordingQueries(api, asked);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Search contacts'), 'bo chen');
    await waitFor(() => expect(screen.getAllByTestId('contact-row')).toHaveLength(1));
    await user.click(screen.getByRole('switch', { name: 'Tracking for bo@talent.test' }));
    expect(screen.getByRole('switch', { name: 'Tracking for bo@talent.test' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Tracked contacts').parentElement!.textContent).toBe('Tracked contacts4');
    release();
  });

  it('asks before removing a contact, then toasts "Contact Removed"', async () => {
    const removed = testContact();
    const { user, api } = setup({
      'POST /api/campaigns/contacts/remove': () => ({ body: removeContactResponse.parse({ success: true, removed: 1, contacts: [removed], message: 'ok' }) }),
    });
    await screen.findAllByTestId('contact-row');
    await user.click(group(SUMMER).getByRole('button', { name: 'Remove ana@talent.test' }));
    const dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText('Correspondence tracking for this contact will stop')).toBeTruthy();
    expect(dialog.getByText('Processed data is kept')).toBeTruthy();
    expect(dialog.getByText('The contact can be re-added later')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts()[0]?.title).toBe('Contact Removed'));
    expect(api.calls.find((c) => c.key === 'POST /api/campaigns/contacts/remove')?.body).toEqual({ email: 'ana@talent.test', campaign_id: 'summer-25' });
  });

  it('only logs a failed removal', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup({ 'POST /api/campaigns/contacts/remove': () => ({ status: 400, body: { success: false, error: 'Nope' } }) });
    await screen.findAllByTestId('contact-row');
    await user.click(group(SUMMER).getByRole('button', { name: 'Remove ana@talent.test' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(toasts()).toEqual([]);
  });
});
