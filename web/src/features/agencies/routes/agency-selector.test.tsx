// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { browserLocation } from '../../../lib/browser-location';
import { fakeAuthStatus } from '../../../testing/fakes';
import { fakeApi, renderRoutes } from '../../../testing/render';
import { AgencySelectorRoute } from './agency-selector';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lists = {
  'GET /auth/status': () => ({ body: fakeAuthStatus() }),
  'GET /api/v3/agency/list-mine': () => ({
    body: { success: true, agencies: [{ name: 'acme', display_name: 'Acme Agency', role: 'owner', joined_at: '2025-01-02T12:00:00Z' }] },
  }),
  'GET /api/v3/agency/invitations/mine': () => ({
    body: {
      success: true,
      invites: [{ agency_name: 'beta', agency_display_name: 'Beta Co', invited_by: 'boss@beta.test', role: 'member', expires_at: '2030-01-01T12:00:00Z' }],
    },
  }),
};

const setup = (handlers: Parameters<typeof fakeApi>[0] = {}) => {
  const api = fakeApi({ ...lists, ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  const view = renderRoutes(
    [
      { path: '/agencies', element: <AgencySelectorRoute /> },
      { path: '/agencies/new', element: <p>setup page</p> },
    ],
    { path: '/agencies' },
  );
  return { api, user: userEvent.setup(), ...view };
};

const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

describe('AgencySelectorRoute', () => {
  it('lists agencies and invitations with counts, roles and dates', async () => {
    setup();
    expect(screen.getByText('Loading your agencies...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Select Agency' })).toBeTruthy();
    expect(screen.getByText('Choose which agency to work with')).toBeTruthy();
    expect(screen.getByText('Your Agencies (1)')).toBeTruthy();
    expect(screen.getByText(/Owner · Joined Jan 2, 2025/)).toBeTruthy();
    expect(screen.getByText('Pending Invitations (1)')).toBeTruthy();
    expect(screen.getByText(/Invited by boss@beta.test · Member · Expires Jan 1, 2030/)).toBeTruthy();
  });

  it('switches agency, waits, then reloads to /', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { user, api } = setup({ 'POST /api/v3/agency/switch': () => ({ body: { success: true, agency_name: 'acme' } }) });
    await user.click(await screen.findByRole('button', { name: /Acme Agency/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.calls.find((c) => c.key === 'POST /api/v3/agency/switch')?.body).toEqual({ agency_name: 'acme' });
  });

  it('toasts a failed switch', async () => {
    const { user } = setup({ 'POST /api/v3/agency/switch': () => ({ status: 403, body: { success: false, error: 'No' } }) });
    await user.click(await screen.findByRole('button', { name: /Acme Agency/ }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Error', message: 'Failed to switch agency' }]));
  });

  it('accepts an invitation, says so and reloads', async () => {
    const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => {});
    const { user, api } = setup({
      'POST /api/v3/agency/invitations/accept': () => ({ body: { success: true, agency_name: 'beta', message: 'ok' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(api.calls.find((c) => c.key === 'POST /api/v3/agency/invitations/accept')?.body).toEqual({ agency_name: 'beta' });
    expect(toasts()).toEqual([{ type: 'success', title: 'Invitation Accepted', message: "You've joined Beta Co" }]);
  });

  it("shows the server's message when accepting fails", async () => {
    const { user } = setup({
      'POST /api/v3/agency/invitations/accept': () => ({ status: 410, body: { success: false, error: 'Invitation expired' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Error', message: 'Invitation expired' }]));
  });

  it('toasts a load failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({ 'GET /api/v3/agency/list-mine': () => ({ status: 500, body: {} }) });
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Error', message: 'Failed to load agencies' }]));
  });

  it('goes to the setup page from "Create New Agency"', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create New Agency' }));
    expect(router.state.location.pathname).toBe('/agencies/new');
  });
});
