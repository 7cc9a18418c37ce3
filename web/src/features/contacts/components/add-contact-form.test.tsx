// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { addContactResponse, trackingResponse } from '../../../../../shared/schemas/campaigns';
import { fakeApi, renderAt } from '../../../testing/render';
import { testContact } from '../../../testing/contact-fakes';
import { AddContactForm } from './add-contact-form';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const OPTIONS = [{ value: 'summer-25', label: 'summer-25 - Summer Launch' }];

const setup = (handlers: Parameters<typeof fakeApi>[0] = {}) => {
  const api = fakeApi(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  renderAt(<AddContactForm campaignOptions={OPTIONS} />);
  return { api, user: userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) }) };
};

const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

describe('AddContactForm', () => {
  it('shows the validation messages of section 5', async () => {
    const { user, api } = setup();
    expect(screen.getByLabelText('Manager/Owner (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Handle (optional)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Please select a campaign')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('says "Talent Name is required" for a blank name', async () => {
    const { user, api } = setup();
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(screen.getByLabelText('Email'), 'ana@talent.test');
    await user.type(screen.getByLabelText('Talent Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Talent Name is required')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  const answers = {
    'POST /api/campaigns/contacts/add': () => ({
      body: addContactResponse.parse({ success: true, contact: testContact({ email_owner: '', handle: '' }), sheet_updated: true, message: 'Contact added' }),
    }),
    'GET /api/campaigns/contacts/tracking': () => ({ body: trackingResponse.parse({ success: true }) }),
    'GET /api/campaigns/list': () => ({ body: { success: true, campaigns: [] } }),
  };

  it('sends the e-mail trimmed and lower-cased with a blank manager as "" and resets', async () => {
    const { user, api } = setup(answers);
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(screen.getByLabelText('Email'), '  Ana@Talent.TEST ');
    await user.type(screen.getByLabelText('Talent Name'), 'Ana Lima');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', title: 'Contact Added', message: 'Contact added' }]));
    expect(api.calls.find((c) => c.key === 'POST /api/campaigns/contacts/add')?.body).toEqual({
      email: 'ana@talent.test',
      talent_name: 'Ana Lima',
      email_owner: '',
      campaign_id: 'summer-25',
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Campaign') as HTMLSelectElement).value).toBe('summer-25');
  });

  it('accepts a manager written as a name with the agency, and sends it as written', async () => {
    const { user, api } = setup(answers);
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(screen.getByLabelText('Email'), 'maya@cooks.tv');
    await user.type(screen.getByLabelText('Talent Name'), 'Maya');
    await user.type(screen.getByLabelText('Manager/Owner (optional)'), 'Sophie Grant (Peak Talent)');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', title: 'Contact Added', message: 'Contact added' }]));
    expect(api.calls.find((c) => c.key === 'POST /api/campaigns/contacts/add')?.body).toEqual({
      email: 'maya@cooks.tv',
      talent_name: 'Maya',
      email_owner: 'Sophie Grant (Peak Talent)',
      campaign_id: 'summer-25',
    });
    expect(screen.queryByText(/Manager must/)).toBeNull();
  });

  it('sends an optional handle, trimmed', async () => {
    const { user, api } = setup(answers);
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(screen.getByLabelText('Email'), 'maya@cooks.tv');
    await user.type(screen.getByLabelText('Talent Name'), 'Maya');
    await user.type(screen.getByLabelText('Handle (optional)'), ' @mayacooks ');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(api.calls.some((c) => c.key === 'POST /api/campaigns/contacts/add')).toBe(true));
    expect(api.calls.find((c) => c.key === 'POST /api/campaigns/contacts/add')?.body).toEqual({
      email: 'maya@cooks.tv',
      talent_name: 'Maya',
      email_owner: '',
      campaign_id: 'summer-25',
      handle: '@mayacooks',
    });
  });

  it('toasts "Failed to Add Contact" and shows a banner that clears after 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = setup({
      'POST /api/campaigns/contacts/add': () => ({
        status: 409,
        body: { success: false, error: 'ana@talent.test is already a contact in campaign "summer-25"' },
      }),
    });
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(screen.getByLabelText('Email'), 'ana@talent.test');
    await user.type(screen.getByLabelText('Talent Name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const message = 'ana@talent.test is already a contact in campaign "summer-25"';
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Failed to Add Contact', message }]));
    const banner = screen.getByText(message, { selector: 'form [role="alert"] div' });
    expect(banner).toBeTruthy();
    act(() => vi.advanceTimersByTime(9_900));
    expect(screen.queryByText(message, { selector: 'form [role="alert"] div' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(message, { selector: 'form [role="alert"] div' })).toBeNull();
  });

  it('lets the banner be dismissed', async () => {
    const { user } = setup({ 'POST /api/campaigns/contacts/add': () => ({ status: 400, body: {} }) });
    await user.selectOptions(screen.getByLabelText('Campaign'), 'summer-25');
    await user.type(screen.getByLabelText('Email'), 'ana@talent.test');
    await user.type(screen.getByLabelText('Talent Name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Request failed', { selector: 'form [role="alert"] div' })).toBeTruthy();
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Request failed', { selector: 'form [role="alert"] div' })).toBeNull();
  });
});
