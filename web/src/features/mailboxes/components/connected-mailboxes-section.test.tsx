// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../../shared/messages';
import {
  connectMailboxResponse,
  disconnectMailboxResponse,
  mailboxesResponse,
  type MailboxJson,
  type MailboxesResponse,
} from '../../../../../shared/schemas/mailboxes';
import { notificationStore } from '../../../components/ui/notifications';
import { fakeAuthStatus, fakeMailbox } from '../../../testing/fakes';
import { fakeApi, renderAt } from '../../../testing/render';
import { ConnectedMailboxesSection } from './connected-mailboxes-section';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

const text = messages.mailboxes;
const ME = 'me@acme.test';

/** A listed mailbox (the caller's own, ME, unless overridden), parsed by the shared schema. */
const mailbox = fakeMailbox;

const listing = (mailboxes: MailboxJson[], you: Partial<MailboxesResponse['you']> = {}): MailboxesResponse =>
  mailboxesResponse.parse({
    success: true,
    mailboxes,
    you: { email: ME, connected: mailboxes.some((m) => m.is_you), google_access: true, ...you },
    check_interval_minutes: 15,
  });

const daniel = mailbox({
  email: 'daniel@acme.test',
  owner_name: 'Daniel Reyes',
  is_you: false,
  health: 'revoked',
  health_detail: 'invalid_grant',
  last_success_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
});

const setup = (initial: MailboxesResponse, handlers: Parameters<typeof fakeApi>[0] = {}) => {
  let current = initial;
  const api = fakeApi({
    'GET /auth/status': () => ({ body: fakeAuthStatus({ agency_display_name: 'Acme Talent', membership_role: 'member' }) }),
    'GET /api/v3/mailboxes': () => ({ body: current }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  renderAt(<ConnectedMailboxesSection />);
  return { api, user: userEvent.setup(), serve: (next: MailboxesResponse) => (current = next) };
};

const section = () => screen.getByRole('region', { name: 'Connected mailboxes' });
const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));
const posts = (api: ReturnType<typeof fakeApi>, path: string) => api.calls.filter((c) => c.key === `POST ${path}`).map((c) => c.body);
const gets = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.key === 'GET /api/v3/mailboxes').length;

describe('ConnectedMailboxesSection', () => {
  it('lists every connected mailbox with owner, e-mail, limits, health and last successful check', async () => {
    setup(listing([mailbox({ from_addresses: ['ana@talent.test', 'mgmt@agency.test'], after: '2026-01-05' }), daniel]));
    const rows = await screen.findAllByTestId('mailbox');
    expect(rows).toHaveLength(2);

    const mine = within(rows[0]!);
    expect(mine.getByText('Maya Okafor')).toBeTruthy();
    expect(mine.getByText('You')).toBeTruthy();
    expect(mine.getByText(ME)).toBeTruthy();
    expect(mine.getByTestId('mailbox-limits').textContent).toBe('Only mail from/to ana@talent.test, mgmt@agency.test, on or after 2026-01-05');
    expect(mine.getByText('Connected')).toBeTruthy();
    expect(mine.getByText('Never')).toBeTruthy();
    // Without push, the agency's own check interval (its monitoring setting), not the scheduler's tick.
    expect(mine.getByText('Checked every 15 minutes')).toBeTruthy();

    const other = within(rows[1]!);
    expect(other.getByText('Daniel Reyes')).toBeTruthy();
    expect(other.queryByText('You')).toBeNull();
    expect(other.getByText('daniel@acme.test')).toBeTruthy();
    expect(other.getByTestId('mailbox-limits').textContent).toBe('All tracked mail');
    expect(other.getByText('Access revoked: sign in again')).toBeTruthy();
    expect(other.getByText('invalid_grant')).toBeTruthy();
    expect(other.getByText('2 hours ago')).toBeTruthy();

    // What the agency's staff will see, said plainly with the agency's own name.
    expect(await within(section()).findByText(text.whatStaffSee('Acme Talent'))).toBeTruthy();
    expect(within(section()).getByText('Your mailbox is connected')).toBeTruthy();
    // The form starts from the saved limits.
    expect((screen.getByLabelText(text.fromLabel) as HTMLInputElement).value).toBe('ana@talent.test, mgmt@agency.test');
    expect((screen.getByLabelText(text.afterLabel) as HTMLInputElement).value).toBe('2026-01-05');
    expect((screen.getByRole('checkbox', { name: text.consentLabel('Acme Talent') }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Save limits' })).toBeTruthy();
  });

  it('says when no mailbox is connected and offers no disconnect', async () => {
    setup(listing([]));
    expect(await screen.findByText(text.none)).toBeTruthy();
    expect(screen.getByText('Your mailbox is disconnected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disconnect my mailbox' })).toBeNull();
  });

  it('connects only with consent and sends the limits as the body', async () => {
    const saved = mailbox({ from_addresses: ['ana@talent.test', 'mgmt@agency.test'], after: '2026-01-05' });
    const { api, user, serve } = setup(listing([daniel]), {
      'POST /api/v3/mailboxes/connect': () => {
        serve(listing([saved, daniel]));
        return { body: connectMailboxResponse.parse({ success: true, mailbox: saved }) };
      },
    });
    const connect = await screen.findByRole('button', { name: 'Connect my mailbox' });

    await user.click(connect);
    expect(await screen.findByText(text.consentRequired)).toBeTruthy();
    expect(posts(api, '/api/v3/mailboxes/connect')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: text.consentLabel('Acme Talent') }));
    await user.type(screen.getByLabelText(text.fromLabel), 'Ana@Talent.test, not-an-address');
    await user.click(connect);
    expect(await screen.findByText('"not-an-address" is not a valid e-mail address')).toBeTruthy();
    expect(posts(api, '/api/v3/mailboxes/connect')).toEqual([]);

    await user.clear(screen.getByLabelText(text.fromLabel));
    await user.type(screen.getByLabelText(text.fromLabel), 'Ana@Talent.test, mgmt@agency.test');
    fireEvent.change(screen.getByLabelText(text.afterLabel), { target: { value: '2026-01-05' } });
    const before = gets(api);
    await user.click(connect);

    await waitFor(() =>
      expect(posts(api, '/api/v3/mailboxes/connect')).toEqual([{ from_addresses: ['ana@talent.test', 'mgmt@agency.test'], after: '2026-01-05' }]),
    );
    // The mutation invalidates the list: it is read again and shows the new connection.
    await waitFor(() => expect(gets(api)).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('my-mailbox-state').textContent).toBe('Your mailbox is connected'));
    expect(await screen.findByRole('button', { name: 'Save limits' })).toBeTruthy();
    expect(screen.getAllByTestId('mailbox')).toHaveLength(2);
    expect(toasts()).toEqual([
      { type: 'success', title: 'Your mailbox is connected', message: 'Only mail from/to ana@talent.test, mgmt@agency.test, on or after 2026-01-05' },
    ]);
  });

  it('connects with no limits as an empty list and a null day', async () => {
    const { api, user } = setup(listing([]), {
      'POST /api/v3/mailboxes/connect': () => ({ body: connectMailboxResponse.parse({ success: true, mailbox: mailbox() }) }),
    });
    await user.click(await screen.findByRole('checkbox', { name: text.consentLabel('Acme Talent') }));
    await user.click(screen.getByRole('button', { name: 'Connect my mailbox' }));
    await waitFor(() => expect(posts(api, '/api/v3/mailboxes/connect')).toEqual([{ from_addresses: [], after: null }]));
  });

  it('disconnects after a confirm step, removing what was read when asked', async () => {
    const { api, user, serve } = setup(listing([mailbox(), daniel]), {
      'POST /api/v3/mailboxes/disconnect': () => {
        serve(listing([daniel]));
        return { body: disconnectMailboxResponse.parse({ success: true, connected: false, removed_threads: 7 }) };
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: text.removeData }));
    await user.click(screen.getByRole('button', { name: 'Disconnect my mailbox' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(text.disconnectConfirm('Acme Talent'))).toBeTruthy();
    expect(within(dialog).getByText(text.disconnectRemoves)).toBeTruthy();
    expect(posts(api, '/api/v3/mailboxes/disconnect')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect my mailbox' }));

    await waitFor(() => expect(posts(api, '/api/v3/mailboxes/disconnect')).toEqual([{ remove_data: true }]));
    await waitFor(() => expect(screen.getByTestId('my-mailbox-state').textContent).toBe('Your mailbox is disconnected'));
    await waitFor(() => expect(screen.getAllByTestId('mailbox')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Disconnect my mailbox' })).toBeNull();
    expect(toasts()).toEqual([{ type: 'success', title: 'Your mailbox is disconnected', message: text.removedThreads(7) }]);
  });

  it('sends nothing when the confirm step is cancelled, and keeps what was read by default', async () => {
    const { api, user } = setup(listing([mailbox()]), {
      'POST /api/v3/mailboxes/disconnect': () => ({ body: { success: true, connected: false, removed_threads: 0 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect my mailbox' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(text.disconnectKeeps)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(api, '/api/v3/mailboxes/disconnect')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Disconnect my mailbox' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect my mailbox' }));
    await waitFor(() => expect(posts(api, '/api/v3/mailboxes/disconnect')).toEqual([{ remove_data: false }]));
  });

  it('shows a refused connection as an error toast with the server\'s reason', async () => {
    const { user } = setup(listing([]), {
      'POST /api/v3/mailboxes/connect': () => ({ status: 409, body: { success: false, error: text.noGoogleAccess } }),
    });
    await user.click(await screen.findByRole('checkbox', { name: text.consentLabel('Acme Talent') }));
    await user.click(screen.getByRole('button', { name: 'Connect my mailbox' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: text.saveFailedTitle, message: text.noGoogleAccess }]));
  });

  it('warns and disables connecting without Google access', async () => {
    setup(listing([], { google_access: false }));
    expect(await screen.findByText(text.noGoogleAccess)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect my mailbox' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('checkbox', { name: text.consentLabel('Acme Talent') }).matches(':disabled')).toBe(true);
  });

  it('shows a load failure in the section', async () => {
    setup(listing([]), { 'GET /api/v3/mailboxes': () => ({ status: 500, body: { success: false, error: 'Boom' } }) });
    expect(await within(section()).findByRole('alert')).toBeTruthy();
    expect(within(section()).getByRole('alert').textContent).toContain('Boom');
  });
});
