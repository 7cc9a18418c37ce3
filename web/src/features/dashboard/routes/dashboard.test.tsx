// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { testCampaign } from '../../../testing/campaign-fakes';
import { MODEL_DEFAULTS, MODEL_PURPOSES, type ModelPurpose } from '../../../../../shared/constants';
import { monthDayYear, parseIsoDate } from '../../../../../shared/format/months';
import { mailboxesResponse } from '../../../../../shared/schemas/mailboxes';
import { modelConfigResponse } from '../../../../../shared/schemas/settings';
import { fakeResponse } from '../../../testing/fake-response';
import {
  fakeAuthStatus,
  fakeCampaignList,
  fakeDashboardMetrics,
  fakeMailbox,
  fakeProcessingStatus,
  fakeStarted,
  fakeTracking,
} from '../../../testing/fakes';
import { fakeApi, renderAt } from '../../../testing/render';
import { readActiveTask } from '../../processing/lib/active-task';
import { recentHoursRange } from '../lib/recent-hours';
import { DashboardRoute } from './dashboard';

const IDLE = fakeProcessingStatus();
const BUSY = fakeProcessingStatus({ is_processing: true, operation_label: 'Campaign spring-24', task_id: 'other', elapsed_seconds: 12, phase: 'fetching' });

const campaign = (campaign_id: string, campaign_name: string) => testCampaign({ campaign_id, campaign_name });

const nowIso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

type Handlers = Parameters<typeof fakeApi>[0];

const ME = 'me@acme.test';

/** GET /api/v3/mailboxes: the agency's connected mailboxes (the caller's own first, when `mine`). */
const mailboxList = (count: number, mine = count > 0) =>
  mailboxesResponse.parse({
    success: true,
    mailboxes: Array.from({ length: count }, (_, index) =>
      fakeMailbox(index === 0 && mine ? { email: ME } : { email: `staff${index}@acme.test`, is_you: false }),
    ),
    you: { email: ME, connected: mine, google_access: true },
    check_interval_minutes: 5,
  });

/** GET /api/v3/settings/model-config with the spec's default models and the given shutdowns. */
const modelConfig = (shutdowns: Partial<Record<string, { on: string; successor: string }>> = {}) =>
  fakeResponse(modelConfigResponse, {
    success: true,
    configurations: Object.fromEntries(
      MODEL_PURPOSES.map((purpose: ModelPurpose) => {
        const { model, temperature, max_tokens } = MODEL_DEFAULTS[purpose];
        const shutdown = shutdowns[model];
        return [purpose, { purpose, model, temperature, max_tokens, recommended: false, shutdown_on: shutdown?.on ?? null, successor: shutdown?.successor ?? null }];
      }),
    ) as never,
    models: [],
    models_source: 'account',
    model_warnings: [],
  });

const dayIn = (days: number) => new Date(Date.now() + days * 24 * 3_600_000).toISOString().slice(0, 10);

const setup = (overrides: Handlers = {}) => {
  const api = fakeApi({
    'GET /auth/status': () => ({ body: fakeAuthStatus({ membership_role: 'owner', user: { email: ME, name: 'Me', picture: null } }) }),
    'GET /api/v3/mailboxes': () => ({ body: mailboxList(1) }),
    'GET /api/v3/settings/model-config': () => ({ body: modelConfig() }),
    'GET /api/v3/status': () => ({ body: IDLE }),
    'GET /api/v3/metrics': () => ({
      body: fakeDashboardMetrics({ totalCampaigns: 2, totalContacts: 5, trackingEnabled: 1234, trackedConversations: 7 }),
    }),
    'GET /api/v3/monitor/metrics': () => ({
      body: {
        success: true,
        status: 'success',
        data: {
          is_processing: false,
          last_check: nowIso(-5 * 60_000),
          next_check_at: nowIso(30_000),
          next_check_in_seconds: 30,
          threads_in_last_check: 2,
          messages_in_last_check: 3,
          tracked_conversations: 7,
        },
      },
    }),
    'GET /api/campaigns/list': () => ({ body: fakeCampaignList([campaign('b-2', 'Beta'), campaign('a-1', 'Alpha')]) }),
    'GET /api/campaigns/contacts/tracking': () => ({
      body: fakeTracking({
        contacts: {
          'a-1:zed@x.test': { email: 'zed@x.test', talent_name: 'Zed', tracking_enabled: true, campaign_id: 'a-1' },
          'a-1:amy@x.test': { email: 'amy@x.test', tracking_enabled: true, campaign_id: 'a-1' },
          'a-1:off@x.test': { email: 'off@x.test', talent_name: 'Off', tracking_enabled: false, campaign_id: 'a-1' },
        },
      }),
    }),
    ...overrides,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  renderAt(<DashboardRoute />);
  return { api, user: userEvent.setup() };
};

const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));
const card = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).parentElement as HTMLElement;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

describe('DashboardRoute', () => {
  it('shows the title, the three stat cards and the monitoring panel', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Email Processing', level: 1 })).toBeTruthy();
    expect(screen.getByText('Process and monitor emails involving tracked contacts')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('stat-value').map((v) => v.textContent)).toEqual(['2', '1,234', '7']));
    const labels = screen.getAllByTestId('stat-card').map((c) => c.textContent);
    expect(labels[0]).toContain('Total campaigns');
    expect(labels[1]).toContain('Tracked contacts');
    expect(labels[2]).toContain('Tracked conversations');

    const panel = within(screen.getByTestId('monitoring-panel'));
    await waitFor(() => expect(panel.getByTestId('monitoring-state').textContent).toBe('Idle'));
    expect(panel.getByTestId('monitoring-last-check').textContent).toBe('5 minutes ago');
    expect(panel.getByTestId('monitoring-next-check').textContent).toMatch(/^\d{1,2}:\d{2} (AM|PM) \(in < 1 min\)$/);
    expect(panel.getByText('3 new message(s)')).toBeTruthy();
    expect(panel.getByText('Across 2 thread(s)')).toBeTruthy();
    expect(screen.getByText('Real-time Email Processing')).toBeTruthy();
    expect(screen.getByText('Process historical emails by time range, contact, or campaign')).toBeTruthy();
    expect(screen.queryByTestId('welcome-banner')).toBeNull();
  });

  it('welcomes a new agency when it has no campaigns', async () => {
    setup({ 'GET /api/campaigns/list': () => ({ body: fakeCampaignList([]) }) });
    const banner = await screen.findByTestId('welcome-banner');
    expect(within(banner).getByText('Welcome to Threadline')).toBeTruthy();
    expect(within(banner).getByText('Get started by creating your first campaign')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Create Campaign' }).getAttribute('href')).toBe('/campaigns');
    // The campaign dropdown explains why it is empty.
    expect(within(card('Campaign')).getByText('Create campaigns to see them here')).toBeTruthy();
    expect(within(card('Campaign')).getByRole('combobox')).toHaveProperty('disabled', true);
  });

  it('shows a page error banner instead of the welcome, and clearing it refetches', async () => {
    let fail = true;
    setup({
      'GET /api/campaigns/list': () => ({ body: fakeCampaignList([]) }),
      'GET /api/v3/metrics': () =>
        fail ? { status: 500, body: { success: false, error: 'Metrics store down' } } : { body: fakeDashboardMetrics() },
    });
    const alert = await screen.findByText('Metrics store down');
    expect(screen.queryByTestId('welcome-banner')).toBeNull();
    fail = false;
    const banner = alert.closest('[role="alert"]') as HTMLElement;
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Metrics store down')).toBeNull());
    await screen.findByTestId('welcome-banner');
  });

  it('shows the monitoring error in the panel', async () => {
    setup({ 'GET /api/v3/monitor/metrics': () => ({ status: 500, body: { success: false, error: 'Monitor store down' } }) });
    const panel = within(screen.getByTestId('monitoring-panel'));
    await waitFor(() => expect(panel.getByTestId('monitoring-state').textContent).toBe('Error'));
    expect(panel.getByRole('alert').textContent).toBe('Monitor store down');
  });

  it('processes recent hours: whole days, a toast and the stored task id', async () => {
    const { api, user } = setup({
      'POST /api/v3/process/interval': () => ({ body: fakeStarted('task-7', 'Started') }),
    });
    await user.selectOptions(within(card('Recent hours')).getByRole('combobox'), 'Last 2 days');
    await user.click(screen.getByRole('button', { name: 'Process Recent' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'success', title: 'Processing Started', message: 'Processing emails from the last 48 hours' }]),
    );
    expect(api.calls.find((c) => c.key === 'POST /api/v3/process/interval')?.body).toEqual(recentHoursRange(48));
    // The guard looked at the status right before the call.
    const keys = api.calls.map((c) => c.key);
    expect(keys[keys.indexOf('POST /api/v3/process/interval') - 1]).toBe('GET /api/v3/status');
    expect(readActiveTask()).toBe('task-7');
  });

  it('processes a date range picked on the calendar', async () => {
    const { api, user } = setup({ 'POST /api/v3/process/interval': () => ({ body: fakeStarted('t') }) });
    await user.click(await screen.findByRole('button', { name: 'Select date range' }));
    // The calendar's code loads on first use (components/ui/date-range-picker.tsx).
    await screen.findByRole('dialog', {}, { timeout: 15_000 });
    const process = screen.getByRole('button', { name: 'Process Range' });
    const today = () => screen.getAllByRole('button').find((b) => /^Today/.test(b.getAttribute('aria-label') ?? ''));
    await user.click(today()!);
    // A start alone leaves the end empty: not enough to process.
    expect(process).toHaveProperty('disabled', true);
    await user.click(today()!);
    const day = format(new Date(), 'yyyy-MM-dd');
    await waitFor(() => expect(process).toHaveProperty('disabled', false));
    await user.click(process);
    // The toast writes the days as people read them ("Nov 28, 2026"); the request carries ISO days.
    await waitFor(() => expect(toasts()[0]?.message).toBe(`Processing emails from ${format(new Date(), 'MMM d, yyyy')} to ${format(new Date(), 'MMM d, yyyy')}`));
    expect(api.calls.find((c) => c.key === 'POST /api/v3/process/interval')?.body).toEqual({ start_date: day, end_date: day });
    await user.click(screen.getByRole('button', { name: 'Clear date range' }));
    expect(process).toHaveProperty('disabled', true);
  });

  it('processes a date range typed or pasted, or taken from a preset, and says what it cannot read', async () => {
    const { api, user } = setup({ 'POST /api/v3/process/interval': () => ({ body: fakeStarted('t') }) });
    const process = screen.getByRole('button', { name: 'Process Range' });
    const typed = within(card('Date range')).getByLabelText('Or type or paste a range');
    await user.click(typed);
    await user.paste('2025-01-01 – 2025-03-31');
    await waitFor(() => expect(process).toHaveProperty('disabled', false));
    // The picker shows what was pasted.
    expect(within(card('Date range')).getByRole('button', { name: 'Jan 01, 2025 - Mar 31, 2025' })).toBeTruthy();
    await user.click(process);
    await waitFor(() => expect(toasts()[0]?.message).toBe('Processing emails from Jan 1, 2025 to Mar 31, 2025'));
    expect(api.calls.find((c) => c.key === 'POST /api/v3/process/interval')?.body).toEqual({ start_date: '2025-01-01', end_date: '2025-03-31' });

    await user.clear(typed);
    await user.type(typed, 'next tuesday');
    await user.tab();
    expect(within(card('Date range')).getByRole('alert').textContent).toBe('Type two dates as yyyy-MM-dd, e.g. 2026-01-01 – 2026-03-31');
    expect(typed.getAttribute('aria-invalid')).toBe('true');
    await user.clear(typed);
    await user.type(typed, '2020-01-01 to 2999-01-01{Enter}');
    expect(within(card('Date range')).getByRole('alert').textContent).toBe('Only past mail can be processed: end the range today or earlier');

    await user.click(within(card('Date range')).getByRole('button', { name: 'Last 30 days' }));
    const today = new Date();
    const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
    expect((typed as HTMLInputElement).value).toBe(`${format(from, 'yyyy-MM-dd')} – ${format(today, 'yyyy-MM-dd')}`);
    expect(within(card('Date range')).getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(card('Date range')).queryByRole('alert')).toBeNull();
  });

  it('processes one contact, listing enabled contacts sorted', async () => {
    const { api, user } = setup({ 'POST /api/v3/process/email': () => ({ body: fakeStarted('t') }) });
    // A type-ahead (contact-picker.test.tsx has its keyboard and search behaviour).
    const picker = within(card('Contact email')).getByRole('combobox', { name: 'Contact' });
    await waitFor(() => expect(picker).toHaveProperty('disabled', false));
    expect(picker.getAttribute('placeholder')).toBe('Select a contact');
    await user.click(picker);
    const listbox = within(screen.getByRole('listbox', { name: 'Contact' }));
    expect(listbox.getAllByRole('option').map((o) => o.textContent)).toEqual(['amy@x.test', 'Zed (zed@x.test)']);
    expect(screen.getByRole('button', { name: 'Process Email' })).toHaveProperty('disabled', true);
    await user.click(listbox.getByRole('option', { name: 'Zed (zed@x.test)' }));
    await user.click(screen.getByRole('button', { name: 'Process Email' }));
    await waitFor(() => expect(toasts()[0]?.message).toBe('Processing all emails for zed@x.test'));
    expect(api.calls.find((c) => c.key === 'POST /api/v3/process/email')?.body).toEqual({ email: 'zed@x.test' });
  });

  it('processes one campaign and reports a failure with the server message', async () => {
    const { user } = setup({
      'POST /api/v3/process/campaign': () => ({ status: 500, body: { success: false, error: 'Gmail quota exhausted' } }),
    });
    const select = within(card('Campaign')).getByRole('combobox');
    await waitFor(() => expect(within(select).getAllByRole('option', { hidden: true })).toHaveLength(3));
    await user.selectOptions(select, 'a-1 - Alpha');
    await user.click(screen.getByRole('button', { name: 'Process Campaign' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Processing Failed', message: 'Gmail quota exhausted' }]));
  });

  it('refuses to start while another job runs ("{label} is currently running")', async () => {
    let calls = 0;
    const start = vi.fn(() => ({ body: fakeStarted('x') }));
    const { user } = setup({
      // Idle on the page's first poll; busy by the time the guard checks.
      'GET /api/v3/status': () => ({ body: calls++ === 0 ? IDLE : BUSY }),
      'POST /api/v3/process/interval': start,
    });
    const button = screen.getByRole('button', { name: 'Process Recent' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await user.click(button);
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'error', title: 'Processing Failed', message: 'Campaign spring-24 is currently running' }]),
    );
    expect(start).not.toHaveBeenCalled();
  });

  it('disables all four buttons while a global job runs', async () => {
    setup({ 'GET /api/v3/status': () => ({ body: BUSY }) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Process Recent' })).toHaveProperty('disabled', true));
    for (const name of ['Process Range', 'Process Email', 'Process Campaign']) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    }
  });

  it('offers the recent-hours periods of the spec', async () => {
    setup();
    const options = within(within(card('Recent hours')).getByRole('combobox')).getAllByRole('option', { hidden: true });
    expect(options.map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['', 'Select…'],
      ['1', 'Last hour'],
      ['6', 'Last 6 hours'],
      ['12', 'Last 12 hours'],
      ['24', 'Last 24 hours'],
      ['48', 'Last 2 days'],
      ['72', 'Last 3 days'],
      ['168', 'Last week'],
    ]);
    expect(await screen.findByRole('button', { name: 'Select date range' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Process Range' })).toHaveProperty('disabled', true);
  });
});

describe('DashboardRoute: what is monitored', () => {
  const panel = () => within(screen.getByTestId('monitoring-panel'));

  it('counts the connected mailboxes: "1 mailbox connected", "3 mailboxes connected"', async () => {
    setup();
    await waitFor(() => expect(panel().getByTestId('monitoring-mailboxes').textContent).toBe('1 mailbox connected'));
    cleanup();
    setup({ 'GET /api/v3/mailboxes': () => ({ body: mailboxList(3) }), 'GET /api/v3/monitor/metrics': () => ({ body: { success: true, status: 'success', data: { is_processing: false, last_check: null, next_check_at: null, next_check_in_seconds: null, threads_in_last_check: 0, messages_in_last_check: 0, tracked_conversations: 0 } } }) });
    await waitFor(() => expect(panel().getByTestId('monitoring-mailboxes').textContent).toBe('3 mailboxes connected'));
    expect(panel().getByText('Monitoring all tracked threads')).toBeTruthy();
  });

  it('says no mailbox is connected and links to Settings, instead of "Monitoring all tracked threads"', async () => {
    setup({
      'GET /api/v3/mailboxes': () => ({ body: mailboxList(0) }),
      'GET /api/v3/monitor/metrics': () => ({ body: { success: true, status: 'success', data: { is_processing: false, last_check: null, next_check_at: null, next_check_in_seconds: null, threads_in_last_check: 0, messages_in_last_check: 0, tracked_conversations: 0 } } }),
    });
    await waitFor(() => expect(panel().getByTestId('monitoring-mailboxes').textContent).toBe('No mailbox connected: connect yours in Settings'));
    expect(panel().getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings#connected-mailboxes');
    await panel().findByText('No new messages');
    expect(panel().queryByText('Monitoring all tracked threads')).toBeNull();
  });
});

describe('DashboardRoute: a member without their mailbox', () => {
  const asMember = (mailboxes = mailboxList(2, false)) => ({
    'GET /auth/status': () => ({ body: fakeAuthStatus({ agency_name: 'acme', membership_role: 'member', user: { email: ME, name: 'Me', picture: null } }) }),
    'GET /api/v3/mailboxes': () => ({ body: mailboxes }),
  });

  it('is shown how to connect it once: dismissed, it stays gone for this person and agency', async () => {
    const { user } = setup(asMember());
    const prompt = await screen.findByTestId('connect-mailbox-prompt');
    expect(prompt.textContent).toBe(
      'Threadline reads only the mailboxes their owners connect, so your outreach mail is not tracked yet. In Settings → Connected mailboxes, tick the consent box and choose "Connect my mailbox".',
    );
    const banner = prompt.closest('[role="status"]') as HTMLElement;
    expect(within(banner).getByText('Connect your mailbox')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Open Connected mailboxes' }).getAttribute('href')).toBe('/settings#connected-mailboxes');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('connect-mailbox-prompt')).toBeNull();

    cleanup();
    setup(asMember());
    await waitFor(() => expect(screen.getByTestId('monitoring-mailboxes').textContent).toBe('2 mailboxes connected'));
    expect(screen.queryByTestId('connect-mailbox-prompt')).toBeNull();
  });

  it('is not prompted once connected, nor is an owner', async () => {
    setup(asMember(mailboxList(2, true)));
    await waitFor(() => expect(screen.getByTestId('monitoring-mailboxes').textContent).toBe('2 mailboxes connected'));
    expect(screen.queryByTestId('connect-mailbox-prompt')).toBeNull();
    cleanup();
    setup({ 'GET /api/v3/mailboxes': () => ({ body: mailboxList(2, false) }) });
    await waitFor(() => expect(screen.getByTestId('monitoring-mailboxes').textContent).toBe('2 mailboxes connected'));
    expect(screen.queryByTestId('connect-mailbox-prompt')).toBeNull();
  });
});

describe('DashboardRoute: models that retire soon', () => {
  it('names a chosen model retiring within 30 days, what replaces it and when', async () => {
    const soon = dayIn(12);
    setup({ 'GET /api/v3/settings/model-config': () => ({ body: modelConfig({ 'gpt-5-nano': { on: soon, successor: 'gpt-6-luna' }, 'gpt-4.1-mini': { on: dayIn(45), successor: 'gpt-6-luna' } }) }) });
    const list = await screen.findByTestId('dashboard-model-retirements');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `gpt-5-nano retires on ${monthDayYear(parseIsoDate(soon)!)}: Threadline will use gpt-6-luna from then.`,
    ]);
    const banner = list.closest('[role="status"]') as HTMLElement;
    expect(within(banner).getByText('AI model retiring soon')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Choose a model' }).getAttribute('href')).toBe('/settings');
  });

  it('shows nothing when no chosen model retires within 30 days', async () => {
    const { api } = setup({ 'GET /api/v3/settings/model-config': () => ({ body: modelConfig({ 'gpt-5-nano': { on: dayIn(31), successor: 'gpt-6-luna' } }) }) });
    await waitFor(() => expect(api.calls.some((call) => call.key === 'GET /api/v3/settings/model-config')).toBe(true));
    await screen.findByTestId('monitoring-mailboxes');
    expect(screen.queryByTestId('dashboard-model-retirements')).toBeNull();
  });
});
