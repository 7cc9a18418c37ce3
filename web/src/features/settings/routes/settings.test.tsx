// @vitest-environment jsdom
import { mailboxesResponse } from '../../../../../shared/schemas/mailboxes';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { MODEL_DEFAULTS, MODEL_PURPOSES } from '../../../../../shared/constants';
import { modelConfigBody, modelConfigResponse } from '../../../../../shared/schemas/settings';
import { fakeResponse } from '../../../testing/fake-response';
import { fakeAuthStatus, fakeMailbox, fakeMembers } from '../../../testing/fakes';
import { fakeApi, renderAt } from '../../../testing/render';
import { SettingsRoute } from './settings';

type Sections = {
  'processing-mode': Record<string, unknown>;
  'processing-limits': Record<string, unknown>;
  'date-range-processing': Record<string, unknown>;
  'health-check': Record<string, unknown>;
  'monitoring-config': Record<string, unknown>;
};

const defaults = (): Sections => ({
  'processing-mode': { incremental_processing_enabled: true, min_messages_for_incremental: 3, fallback_on_error: true },
  'processing-limits': { oldest_scan_days: 365, follow_up_after_days: 3, agency_locale: 'en-US', default_currency: 'USD' },
  'date-range-processing': { include_full_thread: true },
  'health-check': { skip_on_startup: false, skip_on_campaign_creation: true, skip_on_add_contact: true, skip_on_import_longlist: true },
  'monitoring-config': { hours_to_check: 24, check_interval_minutes: 5, max_duration_minutes: 1440 },
});

const notRetiring = { recommended: false, shutdown_on: null, successor: null };
const defaultModels = () => ({
  thread_summary: { model: 'gpt-4.1-mini', temperature: 0.3, max_tokens: 8000, purpose: 'thread_summary', ...notRetiring, recommended: true },
  individual_message_summary: { model: 'gpt-5-nano', temperature: 0.3, max_tokens: 100, purpose: 'individual_message_summary', ...notRetiring, recommended: true },
  date_validation: { model: 'gpt-4.1-mini', temperature: 0.1, max_tokens: 200, purpose: 'date_validation', ...notRetiring },
  campaign_aggregation: { model: 'gpt-5-nano', temperature: 0.2, max_tokens: 500, purpose: 'campaign_aggregation', ...notRetiring },
});

/** The models the server offers, as it sends them: objects, marked recommended per purpose. */
const offered = (ids: string[]) =>
  ids.map((id) => ({
    id,
    family: id.startsWith('gpt-5') ? 'gpt-5' : 'gpt-4.1',
    recommended_for: MODEL_PURPOSES.filter((purpose) => MODEL_DEFAULTS[purpose].recommended && MODEL_DEFAULTS[purpose].model === id),
    shutdown_on: null,
    successor: null,
    retired: false,
  }));

const modelConfig = (ids: string[]) =>
  fakeResponse(modelConfigResponse, { success: true, configurations: models as never, models: offered(ids), models_source: 'account', model_warnings: [] });

let server: Sections;
let models: Record<string, Record<string, unknown>>;

type Handlers = Parameters<typeof fakeApi>[0];

const sectionHandlers = (): Handlers =>
  Object.fromEntries(
    (Object.keys(server) as (keyof Sections)[]).flatMap((path) => [
      [`GET /api/v3/settings/${path}`, () => ({ body: { success: true, settings: server[path] } })],
      [
        `POST /api/v3/settings/${path}`,
        (body: unknown) => {
          server[path] = { ...server[path], ...(body as object) };
          return { body: { success: true, settings: server[path] } };
        },
      ],
    ]),
  );

const authStatus = (role: 'owner' | 'member') => () => ({ body: fakeAuthStatus({ membership_role: role }) });

const allSettings = () => ({
  model_config: models,
  processing_mode: server['processing-mode'],
  processing_limits: server['processing-limits'],
  date_range_processing: server['date-range-processing'],
  health_check: server['health-check'],
  monitoring_config: server['monitoring-config'],
});

const setup = (overrides: Handlers = {}) => {
  const api = fakeApi({
    'GET /auth/status': authStatus('owner'),
    'GET /api/v3/agency/members': () => ({ body: fakeMembers([], { current_user_email: 'me@acme.test' }) }),
    // The agency's check interval as the mailbox list carries it: the monitoring setting.
    'GET /api/v3/mailboxes': () => ({
      body: mailboxesResponse.parse({
        success: true,
        mailboxes: [fakeMailbox({ email: 'me@acme.test' })],
        you: { email: 'me@acme.test', connected: true, google_access: true },
        check_interval_minutes: server['monitoring-config'].check_interval_minutes,
      }),
    }),
    'GET /api/v3/settings/model-config': () => ({
      body: modelConfig(['gpt-4.1', 'gpt-4.1-mini', 'gpt-5-nano', 'gpt-5-mini', 'gpt-5']),
    }),
    'POST /api/v3/settings/model-config': (body) => {
      const { operation, ...config } = body as { operation: string };
      models[operation] = { ...models[operation], ...config };
      return { body: { success: true, configuration: models[operation] } };
    },
    'POST /api/v3/settings/reset': () => {
      server = defaults();
      models = defaultModels();
      return { body: { success: true, message: 'All settings have been reset to defaults', settings: allSettings() } };
    },
    ...sectionHandlers(),
    ...overrides,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  renderAt(<SettingsRoute />);
  return { api, user: userEvent.setup() };
};

const section = (name: string) => screen.getByRole('region', { name });
const posts = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.calls.filter((c) => c.key === `POST /api/v3/settings/${path}`).map((c) => c.body);
const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));
const SAVE_WAIT = { timeout: 2500 };

beforeEach(() => {
  server = defaults();
  models = defaultModels();
});

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

describe('SettingsRoute', () => {
  it('shows skeletons, then the sections in the spec order', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.getByText('Configure application and email processing preferences')).toBeTruthy();
    expect(screen.getAllByTestId('settings-skeleton').length).toBeGreaterThan(0);
    await screen.findByLabelText('Days to scan');
    await waitFor(() => expect(screen.queryAllByTestId('settings-skeleton')).toHaveLength(0));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const order = ['Agency Members', 'AI Models', 'Earliest Email Limit', 'Processing Settings', 'Drive Asset Recovery'];
    expect(headings.filter((h) => order.includes(h ?? ''))).toEqual(order);
  });

  it('clamps scan days above 3000 and resets negative input to 365, saving after the pause', async () => {
    const { api, user } = setup();
    const field = (await screen.findByLabelText('Days to scan')) as HTMLInputElement;
    expect(field.value).toBe('365');
    await user.clear(field);
    await user.type(field, '5000');
    expect(posts(api, 'processing-limits')).toEqual([]);
    await waitFor(() => expect(field.value).toBe('3000'), SAVE_WAIT);
    await waitFor(() => expect(posts(api, 'processing-limits')).toEqual([{ oldest_scan_days: 3000 }]));
    await user.clear(field);
    await user.type(field, '-3');
    await waitFor(() => expect(field.value).toBe('365'), SAVE_WAIT);
    await waitFor(() => expect(server['processing-limits']).toMatchObject({ oldest_scan_days: 365 }));
  });

  it('treats blank as Unlimited and offers the presets', async () => {
    const { api, user } = setup();
    const field = (await screen.findByLabelText('Days to scan')) as HTMLInputElement;
    const presets = within(section('Earliest Email Limit')).getByTestId('scan-days-presets');
    expect(within(presets).getAllByRole('button').map((b) => b.textContent)).toEqual(['7 days', '30 days', '90 days', '365 days', 'Unlimited']);
    await user.clear(field);
    await waitFor(() => expect(posts(api, 'processing-limits')).toEqual([{ oldest_scan_days: 0 }]), SAVE_WAIT);
    expect(field.placeholder).toBe('Unlimited');
    await user.click(within(presets).getByRole('button', { name: '30 days' }));
    expect(field.value).toBe('30');
    await waitFor(() => expect(posts(api, 'processing-limits')).toEqual([{ oldest_scan_days: 0 }, { oldest_scan_days: 30 }]), SAVE_WAIT);
  });

  it('clamps the minimum messages to 1–100', async () => {
    const { api, user } = setup();
    const field = (await screen.findByLabelText('Minimum messages for incremental processing')) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '250');
    await waitFor(() => expect(field.value).toBe('100'), SAVE_WAIT);
    expect(posts(api, 'processing-mode')).toEqual([{ min_messages_for_incremental: 100 }]);
  });

  it('shows the recovery switches inverted from the skip flags, with their costs', async () => {
    const { api, user } = setup();
    const startup = await screen.findByRole('switch', { name: 'On startup' });
    const creation = screen.getByRole('switch', { name: 'On campaign creation' });
    expect(startup.getAttribute('aria-checked')).toBe('true');
    expect(creation.getAttribute('aria-checked')).toBe('false');
    const recovery = within(section('Drive Asset Recovery'));
    for (const cost of ['about 2 s', 'about 22 s', 'about 3 s', 'about 10 s']) expect(recovery.getByText(cost)).toBeTruthy();
    await user.click(creation);
    expect(creation.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(posts(api, 'health-check')).toEqual([{ skip_on_campaign_creation: false }]), SAVE_WAIT);
  });

  it('merges quick edits into one save after 800 ms', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('switch', { name: 'Fall back to full processing on error' }));
    await user.click(screen.getByRole('switch', { name: 'Incremental processing' }));
    await waitFor(() => expect(posts(api, 'processing-mode')).toHaveLength(1), SAVE_WAIT);
    expect(posts(api, 'processing-mode')[0]).toEqual({ fallback_on_error: false, incremental_processing_enabled: false });
  });

  it('rolls back a refused save with "Save Failed" and the server message', async () => {
    const { user } = setup({
      'POST /api/v3/settings/date-range-processing': () => ({ status: 400, body: { success: false, error: 'Settings locked' } }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Include full thread in date range processing' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Save Failed', message: 'Settings locked' }]), SAVE_WAIT);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('lists the allowed models with the recommended markers and saves the whole configuration', async () => {
    const { api, user } = setup();
    const row = within(await screen.findByTestId('model-thread_summary'));
    const select = row.getByLabelText('Model') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent).slice(1)).toEqual([
      'gpt-4.1',
      'gpt-4.1-mini (recommended)',
      'gpt-5-nano',
      'gpt-5-mini',
      'gpt-5',
    ]);
    const nano = within(screen.getByTestId('model-individual_message_summary')).getByLabelText('Model') as HTMLSelectElement;
    expect(nano.selectedOptions[0]?.textContent).toBe('gpt-5-nano (recommended)');
    await user.selectOptions(select, 'gpt-5');
    await waitFor(
      () =>
        expect(posts(api, 'model-config')).toEqual([{ operation: 'thread_summary', model: 'gpt-5', temperature: 0.3, max_tokens: 8000 }]),
      SAVE_WAIT,
    );
    const tokens = row.getByLabelText('Max tokens') as HTMLInputElement;
    await user.clear(tokens);
    await user.type(tokens, '4000');
    await waitFor(() => expect(posts(api, 'model-config')).toHaveLength(2), SAVE_WAIT);
    expect(posts(api, 'model-config')[1]).toEqual({ operation: 'thread_summary', model: 'gpt-5', temperature: 0.3, max_tokens: 4000 });
  });

  it("refuses temperature 5 and 50,000 max tokens with the server's own message, before any request", async () => {
    const { api, user } = setup();
    const serverSays = (change: object) => modelConfigBody.safeParse({ operation: 'thread_summary', ...change }).error?.issues[0]?.message;
    const row = within(await screen.findByTestId('model-thread_summary'));
    const temperature = row.getByLabelText('Temperature') as HTMLInputElement;
    await user.clear(temperature);
    await user.type(temperature, '5');
    await waitFor(() => expect(row.getByRole('alert').textContent).toBe(serverSays({ temperature: 5 })), SAVE_WAIT);
    expect(serverSays({ temperature: 5 })).toBe('temperature must be between 0 and 2');
    expect(temperature.value).toBe('5');
    expect(temperature.getAttribute('aria-invalid')).toBe('true');

    const tokens = row.getByLabelText('Max tokens') as HTMLInputElement;
    await user.clear(tokens);
    await user.type(tokens, '50000');
    await waitFor(() => expect(row.getAllByRole('alert').map((alert) => alert.textContent)).toContain(serverSays({ max_tokens: 50_000 })), SAVE_WAIT);
    expect(serverSays({ max_tokens: 50_000 })).toBe('max_tokens must be between 1 and 32000');
    expect(posts(api, 'model-config')).toEqual([]);

    // Back within the rule: the message goes and the value is saved.
    await user.clear(temperature);
    await user.type(temperature, '1');
    await waitFor(() => expect(posts(api, 'model-config')).toEqual([{ operation: 'thread_summary', model: 'gpt-4.1-mini', temperature: 1, max_tokens: 8000 }]), SAVE_WAIT);
    expect(temperature.getAttribute('aria-invalid')).toBeNull();
  });

  it('aggregates load failures into one banner; clearing it retries', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/v3/settings/model-config': () =>
        fail
          ? { status: 500, body: { success: false, error: 'Config store down' } }
          : { body: modelConfig([]) },
      'GET /api/v3/settings/health-check': () =>
        fail ? { status: 503, body: { success: false, message: 'Unavailable' } } : { body: { success: true, settings: server['health-check'] } },
    });
    const alert = await screen.findByText(/^Failed to load settings/);
    expect(alert.textContent).toBe('Failed to load settings\nAI models: Config store down\nDrive asset recovery: Unavailable');
    fail = false;
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    await screen.findByTestId('model-thread_summary');
    await screen.findByRole('switch', { name: 'On startup' });
    expect(screen.queryByText(/^Failed to load settings/)).toBeNull();
  });

  it('restores defaults and refetches', async () => {
    server['processing-limits'] = { ...server['processing-limits'], oldest_scan_days: 30 };
    const { api, user } = setup();
    const field = (await screen.findByLabelText('Days to scan')) as HTMLInputElement;
    expect(field.value).toBe('30');
    await user.click(await screen.findByRole('button', { name: 'Restore Defaults' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'success', title: 'Settings Reset', message: 'All settings have been reset to defaults' }]),
    );
    expect(api.calls.find((c) => c.key === 'POST /api/v3/settings/reset')?.body).toEqual({ config_type: 'all' });
    await waitFor(() => expect((screen.getByLabelText('Days to scan') as HTMLInputElement).value).toBe('365'));
  });

  it('says "Reset Failed" when the reset is refused', async () => {
    const { user } = setup({ 'POST /api/v3/settings/reset': () => ({ status: 500, body: { success: false, error: 'nope' } }) });
    await screen.findByLabelText('Days to scan');
    await user.click(await screen.findByRole('button', { name: 'Restore Defaults' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Reset Failed', message: 'Failed to reset settings' }]));
  });

  it('offers Restore Defaults to owners only: a member sees no reset button', async () => {
    const { api } = setup({ 'GET /auth/status': authStatus('member') });
    await screen.findByLabelText('Days to scan');
    await waitFor(() => expect(api.calls.some((c) => c.key === 'GET /auth/status')).toBe(true));
    // let the answer land: a member keeps the other settings, but not the reset
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Restore Defaults' })).toBeNull();
  });

  it('says who may reset when the server refuses it', async () => {
    const { user } = setup({
      'POST /api/v3/settings/reset': () => ({ status: 403, body: { success: false, error: 'Only owners can reset settings' } }),
    });
    await screen.findByLabelText('Days to scan');
    await user.click(await screen.findByRole('button', { name: 'Restore Defaults' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Reset Failed', message: 'Only owners can reset settings' }]));
  });
});

describe('SettingsRoute: follow-up, locale and currency', () => {
  const regional = () => within(screen.getByRole('form', { name: 'Follow-up and regional settings' }));
  const save = () => regional().getByRole('button', { name: 'Save follow-up and regional settings' });

  it('shows the stored values, each with the sentence saying what it changes', async () => {
    setup();
    await screen.findByRole('form', { name: 'Follow-up and regional settings' });
    const followUp = regional().getByLabelText('Follow up after (days)') as HTMLInputElement;
    const locale = regional().getByLabelText("Agency's locale") as HTMLSelectElement;
    const currency = regional().getByLabelText('Default currency') as HTMLSelectElement;
    expect([followUp.value, locale.value, currency.value]).toEqual(['3', 'en-US', 'USD']);
    const hint = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!)?.textContent;
    expect(hint(followUp)).toBe("A conversation that has waited this many days for the talent's reply moves to the Follow up queue (1 to 60 days).");
    expect(hint(locale)).toBe("Dates like 12/03 in mail are read as 12 March (UK) or December 3 (US) by this locale, unless the sender's phone number or mail domain says which.");
    expect(hint(currency)).toBe('An amount written without a currency, such as "3k", is read in this currency unless the thread has named one.');
    expect(locale.selectedOptions[0]?.textContent).toBe('English (United States) · en-US');
    expect(currency.selectedOptions[0]?.textContent).toBe('USD · US Dollar');
    expect(save()).toHaveProperty('disabled', true);
  });

  it('saves en-GB and GBP (only what changed) and keeps them', async () => {
    const { api, user } = setup();
    await screen.findByRole('form', { name: 'Follow-up and regional settings' });
    await user.selectOptions(regional().getByLabelText("Agency's locale"), 'en-GB');
    await user.selectOptions(regional().getByLabelText('Default currency'), 'GBP');
    await user.click(save());
    await waitFor(() => expect(posts(api, 'processing-limits')).toEqual([{ agency_locale: 'en-GB', default_currency: 'GBP' }]));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', title: 'Settings Saved', message: 'Follow-up, locale and currency saved' }]));
    expect(server['processing-limits']).toMatchObject({ agency_locale: 'en-GB', default_currency: 'GBP', oldest_scan_days: 365 });
    // The form starts again from what is stored: nothing left to save.
    await waitFor(() => expect(save()).toHaveProperty('disabled', true));
    expect((regional().getByLabelText("Agency's locale") as HTMLSelectElement).value).toBe('en-GB');
    expect((regional().getByLabelText('Default currency') as HTMLSelectElement).value).toBe('GBP');
  });

  it('refuses 61 days with the bounds of the shared schema, before any request; 14 is saved', async () => {
    const { api, user } = setup();
    await screen.findByRole('form', { name: 'Follow-up and regional settings' });
    const field = regional().getByLabelText('Follow up after (days)') as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '61');
    await waitFor(() => expect(regional().getByRole('alert').textContent).toBe('Enter a whole number of days from 1 to 60'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.click(save());
    await user.clear(field);
    await user.type(field, '2.5');
    await waitFor(() => expect(regional().getByRole('alert').textContent).toBe('Enter a whole number of days from 1 to 60'));
    await user.click(save());
    expect(posts(api, 'processing-limits')).toEqual([]);
    await user.clear(field);
    await user.type(field, '14');
    await waitFor(() => expect(regional().queryByRole('alert')).toBeNull());
    await user.click(save());
    await waitFor(() => expect(posts(api, 'processing-limits')).toEqual([{ follow_up_after_days: 14 }]));
  });

  it('keeps the stored values and says why when the server refuses the save', async () => {
    const { user } = setup({
      'POST /api/v3/settings/processing-limits': () => ({ status: 400, body: { success: false, error: 'agency_locale must be a locale like en-US or en-GB' } }),
    });
    await screen.findByRole('form', { name: 'Follow-up and regional settings' });
    await user.selectOptions(regional().getByLabelText("Agency's locale"), 'fr-FR');
    await user.click(save());
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'error', title: 'Save Failed', message: 'agency_locale must be a locale like en-US or en-GB' }]),
    );
    expect(server['processing-limits']).toMatchObject({ agency_locale: 'en-US' });
  });
});

describe('SettingsRoute: how often mailboxes are checked', () => {
  const mailboxes = () => within(section('Connected mailboxes'));

  it('states the interval; an owner changes it within 2–1440 minutes and every mailbox row follows', async () => {
    const { api, user } = setup();
    const stated = await mailboxes().findByTestId('check-interval-stated');
    expect(stated.textContent).toBe('Mailboxes without Gmail push are checked for new mail every 5 minutes.');
    expect(mailboxes().getByTestId('mailbox-push').textContent).toContain('Checked every 5 minutes');
    const field = mailboxes().getByLabelText('Check for new mail every (minutes)') as HTMLInputElement;
    expect(field.value).toBe('5');
    await user.clear(field);
    await user.type(field, '1');
    await waitFor(() => expect(mailboxes().getByRole('alert').textContent).toBe('Enter a whole number of minutes from 2 to 1440'));
    await user.click(mailboxes().getByRole('button', { name: 'Save check interval' }));
    expect(posts(api, 'monitoring-config')).toEqual([]);

    await user.clear(field);
    await user.type(field, '15');
    await user.click(mailboxes().getByRole('button', { name: 'Save check interval' }));
    await waitFor(() => expect(posts(api, 'monitoring-config')).toEqual([{ check_interval_minutes: 15 }]));
    await waitFor(() => expect(mailboxes().getByTestId('check-interval-stated').textContent).toBe('Mailboxes without Gmail push are checked for new mail every 15 minutes.'));
    await waitFor(() => expect(mailboxes().getByTestId('mailbox-push').textContent).toContain('Checked every 15 minutes'));
    expect(toasts()).toEqual([{ type: 'success', title: 'Settings Saved', message: 'Mailboxes are now checked every 15 minutes' }]);
  });

  it('shows a member the interval read-only', async () => {
    setup({ 'GET /auth/status': authStatus('member') });
    await waitFor(() => expect(mailboxes().getByTestId('check-interval').textContent).toBe(
      'Mailboxes without Gmail push are checked for new mail every 5 minutes.Only owners can change how often mail is checked.',
    ));
    expect(mailboxes().queryByLabelText('Check for new mail every (minutes)')).toBeNull();
    expect(mailboxes().queryByRole('button', { name: 'Save check interval' })).toBeNull();
  });
});
