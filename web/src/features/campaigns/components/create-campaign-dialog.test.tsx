// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { createCampaignBody } from '../../../../../shared/schemas/campaigns';
import { fakeApi, renderAt } from '../../../testing/render';
import { testCampaign } from '../../../testing/campaign-fakes';
import { CreateCampaignDialog } from './create-campaign-dialog';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

const Harness = () => {
  const [open, setOpen] = useState(true);
  return open ? <CreateCampaignDialog open onClose={() => setOpen(false)} /> : <p>closed</p>;
};

const setup = (handlers: Parameters<typeof fakeApi>[0] = {}) => {
  const api = fakeApi({
    'GET /api/campaigns/list': () => ({ body: { success: true, campaigns: [], total: 0 } }),
    'GET /api/campaigns/drive/health': () => ({ body: { success: true, healthy: true } }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  renderAt(<Harness />);
  return { api, user: userEvent.setup() };
};

const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

describe('CreateCampaignDialog', () => {
  it('lists the fields in order with the id hint', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Create New Campaign' });
    const labels = [...dialog.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual([
      'Client Name',
      'Project Name',
      'Campaign Name',
      'Campaign ID',
      'Deliverables',
      'Campaign Live Dates',
      'Additional Details',
      'Client domain',
    ]);
    expect(screen.getByText('Unique ID for campaign')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Campaign Live Dates' }).textContent).toBe('Select date range');
  });

  it('shows the validation messages of section 5', async () => {
    const { user, api } = setup();
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Client name is required')).toBeTruthy();
    expect(screen.getByText('Campaign name is required')).toBeTruthy();
    expect(screen.getByText('Campaign ID is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Campaign ID'), 'bad id!');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Only letters, numbers, and hyphens allowed')).toBeTruthy();
    expect(api.calls.some((c) => c.key === 'POST /api/campaigns/add')).toBe(false);
  });

  it("refuses a 65-character campaign id with the server's own message, before any request", async () => {
    const { user, api } = setup();
    const fields = { client_name: 'Acme', campaign_name: 'Summer Launch', campaign_id: 'a'.repeat(65) };
    const serverSays = createCampaignBody.safeParse(fields).error?.issues[0]?.message;
    expect(serverSays).toBe('Campaign ID must be 64 characters or fewer');
    await user.type(screen.getByLabelText('Client Name'), fields.client_name);
    await user.type(screen.getByLabelText('Campaign Name'), fields.campaign_name);
    await user.type(screen.getByLabelText('Campaign ID'), fields.campaign_id);
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText(serverSays!)).toBeTruthy();
    expect(screen.getByLabelText('Campaign ID').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.key.startsWith('POST '))).toEqual([]);
  });

  it('creates the campaign, toasts and closes', async () => {
    const { user, api } = setup({
      'POST /api/campaigns/add': (body) => ({
        body: { success: true, campaign: testCampaign({ ...(body as object), status: 'pending' }), message: 'ok' },
      }),
    });
    await user.type(screen.getByLabelText('Client Name'), 'Acme');
    await user.type(screen.getByLabelText('Campaign Name'), 'Summer Launch');
    await user.type(screen.getByLabelText('Campaign ID'), ' summer-25 ');
    await user.type(screen.getByLabelText('Deliverables'), '2 reels');
    await user.type(screen.getByLabelText('Client domain'), 'GlowSkin.com');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
    expect(api.calls.find((c) => c.key === 'POST /api/campaigns/add')?.body).toEqual({
      campaign_id: 'summer-25',
      campaign_name: 'Summer Launch',
      project_name: '',
      client_name: 'Acme',
      deliverables: '2 reels',
      additional_details: '',
      campaign_live_dates: '',
      client_domain: 'glowskin.com',
    });
    expect(toasts()).toEqual([
      { type: 'success', title: 'Campaign Created', message: 'Campaign "Summer Launch" has been created successfully' },
    ]);
  });

  it('toasts "Creation Failed" with the server message and stays open', async () => {
    const { user } = setup({
      'POST /api/campaigns/add': () => ({ status: 409, body: { success: false, error: 'Campaign summer-25 already exists' } }),
    });
    await user.type(screen.getByLabelText('Client Name'), 'Acme');
    await user.type(screen.getByLabelText('Campaign Name'), 'Summer Launch');
    await user.type(screen.getByLabelText('Campaign ID'), 'summer-25');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'error', title: 'Creation Failed', message: 'Campaign summer-25 already exists' }]),
    );
    expect(screen.getByRole('dialog', { name: 'Create New Campaign' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Campaign' })).toBeTruthy();
  });

  it('closes without asking when nothing was typed', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('asks before discarding unsaved changes', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Client Name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Unsaved Changes' });
    expect(within(confirm).getByText('You have unsaved changes that will be lost.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Keep Editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByLabelText('Client Name') as HTMLInputElement).value).toBe('Acme');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Discard Changes' }));
    expect(screen.getByText('closed')).toBeTruthy();
  });
});
