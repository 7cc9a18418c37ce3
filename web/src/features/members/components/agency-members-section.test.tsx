// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { fakeMember, fakeMembers, fakeMessage } from '../../../testing/fakes';
import { fakeApi, renderAt } from '../../../testing/render';
import { AgencyMembersSection } from './agency-members-section';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const members = fakeMembers(
  [
    fakeMember({ email: 'me@acme.test', name: 'Me Myself', role: 'owner', status: 'active', accepted_at: '2025-01-01T00:00:00Z' }),
    fakeMember({ email: 'bob@acme.test', name: 'Bob', role: 'member', status: 'active', accepted_at: '2025-01-02T00:00:00Z' }),
    fakeMember({ email: 'old@acme.test', role: 'member', status: 'invited', invited_by: 'me@acme.test', expires_at: inDays(-2), is_oauth_user: false }),
    fakeMember({ email: 'new@acme.test', role: 'owner', status: 'invited', invited_by: 'me@acme.test', expires_at: inDays(5), is_oauth_user: false }),
  ],
  { current_user_email: 'me@acme.test', current_user_role: 'owner' },
);

const setup = (handlers: Parameters<typeof fakeApi>[0] = {}) => {
  const api = fakeApi({ 'GET /api/v3/agency/members': () => ({ body: members }), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  renderAt(<AgencyMembersSection />);
  return { api, user: userEvent.setup() };
};

const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

describe('AgencyMembersSection', () => {
  it('marks the current user with "You" and a lock, without a remove button', async () => {
    setup();
    const rows = await screen.findAllByTestId('active-member');
    expect(within(rows[0]!).getByText('You')).toBeTruthy();
    expect(within(rows[0]!).getByLabelText('You cannot remove yourself')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Remove bob@acme.test' })).toBeTruthy();
  });

  it('offers resend only for expired invitations and cancel for all', async () => {
    setup();
    const [expired, fresh] = await screen.findAllByTestId('pending-invite');
    expect(within(expired!).getByText('Expired')).toBeTruthy();
    expect(within(expired!).getByRole('button', { name: /Resend/ })).toBeTruthy();
    expect(within(expired!).getByRole('button', { name: 'Cancel old@acme.test' })).toBeTruthy();
    expect(within(fresh!).getByText('Expires in 5 days')).toBeTruthy();
    expect(within(fresh!).queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(within(fresh!).getByRole('button', { name: 'Cancel new@acme.test' })).toBeTruthy();
  });

  it('validates the invite e-mail and sends the invitation', async () => {
    const { user, api } = setup({ 'POST /api/v3/agency/invitations': () => ({ body: { success: true, message: '' } }) });
    await screen.findAllByTestId('active-member');
    await user.type(screen.getByPlaceholderText('teammate@example.com'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    await user.clear(screen.getByPlaceholderText('teammate@example.com'));
    await user.type(screen.getByPlaceholderText('teammate@example.com'), 'sam@acme.test');
    await user.selectOptions(screen.getByLabelText('Role'), 'owner');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'success', title: 'Invitation Sent', message: 'sam@acme.test has been invited' }]),
    );
    expect(api.calls.find((c) => c.key === 'POST /api/v3/agency/invitations')?.body).toEqual({ email: 'sam@acme.test', role: 'owner' });
  });

  it("shows the server's error when an invitation fails", async () => {
    const { user } = setup({
      'POST /api/v3/agency/invitations': () => ({ status: 409, body: { success: false, error: 'Already a member' } }),
    });
    await screen.findAllByTestId('active-member');
    await user.type(screen.getByPlaceholderText('teammate@example.com'), 'bob@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Add Failed', message: 'Already a member' }]));
  });

  it('asks before removing a member, then removes them', async () => {
    const { user, api } = setup({ 'DELETE /api/campaigns/users/bob%40acme.test': () => ({ body: fakeMessage('Member removed') }) });
    await user.click(await screen.findByRole('button', { name: 'Remove bob@acme.test' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts()[0]?.title).toBe('Member Removed'));
    expect(api.calls.some((c) => c.key === 'DELETE /api/campaigns/users/bob%40acme.test')).toBe(true);
  });

  it('resends an expired invitation with the fallback error text on failure', async () => {
    const { user } = setup({ 'POST /api/v3/agency/invitations/resend': () => ({ status: 500, body: {} }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: /Resend/ }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Resend Failed', message: 'Request failed' }]));
  });

  it('shows a member no remove buttons, no owner role, and resend or cancel only on their own invitations', async () => {
    const { user } = setup({
      'GET /api/v3/agency/members': () => ({
        body: {
          ...members,
          current_user_email: 'bob@acme.test',
          current_user_role: 'member',
          members: [
            ...members.members,
            fakeMember({ email: 'mine@acme.test', role: 'member', status: 'invited', invited_by: 'bob@acme.test', expires_at: inDays(-1), is_oauth_user: false }),
          ],
        },
      }),
    });
    const rows = await screen.findAllByTestId('active-member');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(within(row).queryByRole('button')).toBeNull();
    const [others, mine, fresh] = screen.getAllByTestId('pending-invite');
    expect(within(others!).getByText('old@acme.test')).toBeTruthy();
    expect(within(others!).queryByRole('button')).toBeNull();
    expect(within(fresh!).queryByRole('button')).toBeNull();
    expect(within(mine!).getByRole('button', { name: /Resend/ })).toBeTruthy();
    expect(within(mine!).getByRole('button', { name: 'Cancel mine@acme.test' })).toBeTruthy();
    // members invite members only: no role choice
    expect(screen.queryByLabelText('Role')).toBeNull();
    await user.type(screen.getByPlaceholderText('teammate@example.com'), 'sam@acme.test');
    expect(screen.getByRole('button', { name: 'Send Invite' })).toBeTruthy();
  });

  it("shows the server's words when invitations are rate-limited (429)", async () => {
    const { user } = setup({
      'POST /api/v3/agency/invitations': () => ({
        status: 429,
        body: { success: false, error: 'This agency has sent too many invitations in the last hour. Try again in 12 minutes.' },
      }),
    });
    await screen.findAllByTestId('active-member');
    await user.type(screen.getByPlaceholderText('teammate@example.com'), 'sam@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        { type: 'error', title: 'Add Failed', message: 'This agency has sent too many invitations in the last hour. Try again in 12 minutes.' },
      ]),
    );
  });
});
