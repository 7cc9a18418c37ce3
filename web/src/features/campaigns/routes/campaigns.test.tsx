// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { fakeAuthStatus, fakeCampaignList, fakeDriveHealth, fakeTracking } from '../../../testing/fakes';
import { fakeApi, renderAt } from '../../../testing/render';
import type { Campaign } from '../api/campaign-types';
import { testCampaign } from '../../../testing/campaign-fakes';
import { CampaignsRoute } from './campaigns';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const HEALTHY = fakeDriveHealth();

const listOf = (campaigns: Campaign[]) => () => ({ body: fakeCampaignList(campaigns) });

const authStatus = (role: 'owner' | 'member') => () => ({ body: fakeAuthStatus({ membership_role: role }) });

const setup = (handlers: Parameters<typeof fakeApi>[0] = {}) => {
  const api = fakeApi({
    'GET /auth/status': authStatus('owner'),
    'GET /api/campaigns/list': listOf([testCampaign()]),
    'GET /api/campaigns/drive/health': () => ({ body: HEALTHY }),
    'GET /api/campaigns/contacts/tracking': () => ({ body: fakeTracking() }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  const view = renderAt(<CampaignsRoute />);
  return { api, user: userEvent.setup(), ...view };
};

const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
};

describe('CampaignsRoute', () => {
  it('shows the title, subtitle and six skeleton cards while loading', async () => {
    const list = deferred<{ body: unknown }>();
    setup({ 'GET /api/campaigns/list': () => list.promise });
    expect(screen.getByRole('heading', { name: 'Campaigns' })).toBeTruthy();
    expect(screen.getByText('Manage your influencer marketing campaigns')).toBeTruthy();
    expect(screen.getAllByTestId('campaign-card-skeleton')).toHaveLength(6);
    list.resolve({ body: { success: true, campaigns: [], total: 0 } });
    expect(await screen.findByText('No Campaigns Yet')).toBeTruthy();
    expect(screen.queryAllByTestId('campaign-card-skeleton')).toHaveLength(0);
  });

  it('shows the empty state with a create button that opens the dialog', async () => {
    const { user } = setup({ 'GET /api/campaigns/list': listOf([]) });
    expect(await screen.findByText('Get started by creating your first campaign')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Create Campaign' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(screen.getByRole('dialog', { name: 'Create New Campaign' })).toBeTruthy();
  });

  it('renders a card with id, count, project, formatted live dates, deliverables and created date', async () => {
    setup({
      'GET /api/campaigns/list': listOf([
        testCampaign(),
        testCampaign({
          campaign_id: 'winter',
          campaign_name: 'Winter',
          campaign_live_dates: '2025-12-20 to 2026-01-05',
          created_at: null,
          contact_count: 1,
        }),
      ]),
    });
    const card = await screen.findByRole('article', { name: 'Summer Launch' });
    const inCard = within(card);
    expect(inCard.getByText('summer-25')).toBeTruthy();
    expect(inCard.getByText('3 contacts')).toBeTruthy();
    expect(inCard.getByText('Sunscreen')).toBeTruthy();
    expect(inCard.getByText('Jun 1 - Jun 30, 2025')).toBeTruthy();
    expect(inCard.getByText('2 reels, 3 stories')).toBeTruthy();
    expect(inCard.getByText('Created May 2, 2025')).toBeTruthy();
    expect(inCard.getByRole('link', { name: 'Folder' }).getAttribute('href')).toBe(
      'https://drive.google.com/drive/folders/folder-1?authuser=ops%40acme.test',
    );
    expect(inCard.getByRole('link', { name: 'Folder' }).getAttribute('target')).toBe('_blank');
    const winter = within(screen.getByRole('article', { name: 'Winter' }));
    expect(winter.getByText('Dec 20, 2025 - Jan 5, 2026')).toBeTruthy();
    // a campaign with no date says "Unknown", not "Created Unknown"
    expect(winter.getByText('Unknown')).toBeTruthy();
    expect(winter.queryByText('Created Unknown')).toBeNull();
    expect(winter.getByText('1 contact')).toBeTruthy();
  });

  it('shows the creating and deleting strips with disabled buttons', async () => {
    setup({
      'GET /api/campaigns/list': listOf([
        testCampaign({ campaign_id: 'a', campaign_name: 'Pending one', status: 'pending', campaign_folder_id: null }),
        testCampaign({ campaign_id: 'b', campaign_name: 'Going away', status: 'deleting' }),
      ]),
    });
    const pending = within(await screen.findByRole('article', { name: 'Pending one' }));
    expect(pending.getByText('Creating campaign resources...')).toBeTruthy();
    expect((pending.getByRole('button', { name: 'Folder' }) as HTMLButtonElement).disabled).toBe(true);
    expect(pending.getByRole('button', { name: 'Folder' }).getAttribute('title')).toBe('Creating folder...');
    expect(pending.getByRole('button', { name: 'Outreach' }).getAttribute('title')).toBe('Creating sheet...');
    const deleting = within(screen.getByRole('article', { name: 'Going away' }));
    expect(deleting.getByText('Deleting campaign...')).toBeTruthy();
    expect(((await deleting.findByRole('button', { name: 'Delete campaign Going away' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('links the header buttons to the root folder and tracker when healthy', async () => {
    setup();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Threadline Folder/ }).getAttribute('href')).toBe(
        'https://drive.google.com/drive/folders/root-1?authuser=0',
      ),
    );
    expect(screen.getByRole('link', { name: /Campaigns Tracker/ }).getAttribute('href')).toBe(
      'https://docs.google.com/spreadsheets/d/tracker-1/edit?authuser=0',
    );
    expect(screen.queryByText(/Drive assets are unhealthy/)).toBeNull();
  });

  it('disables the header buttons and shows the banner when drive is unhealthy', async () => {
    setup({
      'GET /api/campaigns/drive/health': () => ({
        body: { ...HEALTHY, healthy: false, campaigns_tracker: { id: null, exists: false } },
      }),
    });
    expect(
      await screen.findByText(
        'Drive assets are unhealthy or missing. Please ensure startup recovery is enabled in settings and restart the app to recover drive assets.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: /Threadline Folder/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Campaigns Tracker/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('confirms deletion, marks the card deleting at once, sends force false and toasts', async () => {
    const response = deferred<{ body: unknown }>();
    const { user, api, client } = setup({ 'POST /api/campaigns/delete': () => response.promise });
    await user.click(await screen.findByRole('button', { name: 'Delete campaign Summer Launch' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Campaign Deletion' });
    const inDialog = within(dialog);
    expect(inDialog.getByText('This action cannot be undone!')).toBeTruthy();
    expect(inDialog.getByText('Summer Launch')).toBeTruthy();
    expect(inDialog.getByText('summer-25')).toBeTruthy();
    expect(inDialog.getByText('The Drive folder and its contents')).toBeTruthy();
    expect(inDialog.getByText('The campaigns tracker entry')).toBeTruthy();
    await user.click(inDialog.getByRole('button', { name: 'Delete Campaign' }));

    // Optimistic: deleting before the server answers, with a new updated time.
    const card = await screen.findByRole('article', { name: 'Summer Launch' });
    await waitFor(() => expect(card.getAttribute('data-status')).toBe('deleting'));
    expect(within(card).getByText('Deleting campaign...')).toBeTruthy();
    const cached = client.getQueryData<{ campaigns: Campaign[] }>(['campaigns', 'list']);
    expect(cached?.campaigns[0]?.updated_at).not.toBe('2025-05-02T10:00:00Z');
    expect(api.calls.find((c) => c.key === 'POST /api/campaigns/delete')?.body).toEqual({ campaign_id: 'summer-25', force: false });
    expect(toasts()).toEqual([]);

    response.resolve({ body: { success: true, message: 'Deleting', campaign_id: 'summer-25', status: 'deleting' } });
    await waitFor(() =>
      expect(toasts()).toEqual([
        {
          type: 'success',
          title: 'Campaign Deletion Initiated',
          message: 'Campaign "Summer Launch" is being deleted. This may take 5-10 seconds.',
        },
      ]),
    );
  });

  it('rolls the card back when the delete is refused', async () => {
    // Later list fetches never answer, so only the rollback can restore the card.
    let listCalls = 0;
    const { user } = setup({
      'GET /api/campaigns/list': () => {
        listCalls += 1;
        return listCalls === 1 ? listOf([testCampaign()])() : new Promise<never>(() => {});
      },
      'POST /api/campaigns/delete': () => ({ status: 404, body: { success: false, error: 'Campaign not found' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete campaign Summer Launch' }));
    await user.click(screen.getByRole('button', { name: 'Delete Campaign' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Deletion Failed', message: 'Campaign not found' }]));
    expect(screen.getByRole('article', { name: 'Summer Launch' }).getAttribute('data-status')).toBe('ready');
  });

  it('cancelling the confirmation sends nothing', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete campaign Summer Launch' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls.some((c) => c.key === 'POST /api/campaigns/delete')).toBe(false);
  });

  it('offers deletion to owners only: a member sees no delete button', async () => {
    const { api } = setup({ 'GET /auth/status': authStatus('member') });
    await screen.findByRole('article', { name: 'Summer Launch' });
    await waitFor(() => expect(api.calls.some((c) => c.key === 'GET /auth/status')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Delete campaign Summer Launch' })).toBeNull();
  });
});
