// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../components/ui/notifications';
import { browserLocation } from '../lib/browser-location';
import { fakeApiKeyStatus, fakeAuthStatus, fakeMembers, fakeMessage, fakeSignedOut } from '../testing/fakes';
import { fakeApi, renderRoutes } from '../testing/render';
import { pageModules } from './lazy-routes';
import { routes } from './router';

// Pages load on demand; their first import (transforming their modules) is not what these tests time.
beforeAll(() => Promise.all(Object.values(pageModules).map((load) => load())), 60_000);

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signedIn = fakeAuthStatus({ user: { email: 'jane@acme.test', name: 'Jane Doe', picture: null } });
const KEY = `sk-${'k'.repeat(50)}`;

const boot = (path: string, handlers: Parameters<typeof fakeApi>[0]) => {
  const api = fakeApi(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  return { api, user: userEvent.setup(), ...renderRoutes(routes, { path }) };
};

describe('startup gate and routes', () => {
  it('shows the sign-in screen when signed out, on any app route', async () => {
    boot('/campaigns', { 'GET /auth/status': () => ({ body: fakeSignedOut() }) });
    expect(await screen.findByRole('heading', { name: 'Threadline' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('says the backend is unreachable when the status call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    boot('/', { 'GET /auth/status': () => ({ status: 503, body: {} }) });
    expect(await screen.findByText('Unable to contact backend. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('mentions the invitation and carries it to the login', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { user } = boot('/?invite=tok%201', { 'GET /auth/status': () => ({ body: fakeSignedOut() }) });
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByText(/accepting an agency invitation/)).toBeTruthy();
    expect(assign).toHaveBeenCalledWith('/auth/login?invite=tok+1');
  });

  it('sends a signed-in user without an agency to /agencies', async () => {
    const { router } = boot('/settings', {
      'GET /auth/status': () => ({ body: fakeAuthStatus({ ...signedIn, agency_name: null, agency_display_name: null, membership_role: null, pending_agency: true }) }),
      'GET /api/v3/agency/list-mine': () => ({ body: { success: true, agencies: [] } }),
      'GET /api/v3/agency/invitations/mine': () => ({ body: { success: true, invites: [] } }),
    });
    expect(await screen.findByRole('heading', { name: 'Select Agency' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agencies');
    expect(screen.getByText('Create your first agency to get started')).toBeTruthy();
  });

  it('asks for the API key, then re-checks after saving and lets the user in', async () => {
    let configured = false;
    const { user } = boot('/', {
      'GET /auth/status': () => ({ body: signedIn }),
      'GET /api/v3/api-keys/status': () => ({ body: fakeApiKeyStatus(configured) }),
      'POST /api/v3/api-keys/validate': () => ({ body: { success: true, valid: true, message: 'ok' } }),
      'POST /api/v3/api-keys/set': () => {
        configured = true;
        return { body: fakeMessage('API key saved') };
      },
    });
    await user.type(await screen.findByPlaceholderText(/^sk-/), KEY);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Email Processing' })).toBeTruthy();
    expect(screen.getByText('Process and monitor emails involving tracked contacts')).toBeTruthy();
  });

  it('renders each page with its title and subtitle inside the top navigation', async () => {
    const { user } = boot('/', {
      'GET /auth/status': () => ({ body: signedIn }),
      'GET /api/v3/api-keys/status': () => ({ body: fakeApiKeyStatus(true) }),
      'GET /api/v3/agency/members': () => ({ body: fakeMembers([], { current_user_email: 'jane@acme.test' }) }),
    });
    await screen.findByRole('heading', { name: 'Email Processing' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Campaigns' }));
    expect(await screen.findByText('Manage your influencer marketing campaigns')).toBeTruthy();
    await user.click(within(nav).getByRole('link', { name: 'Contacts' }));
    expect(await screen.findByText('Manage contacts across all campaigns')).toBeTruthy();
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByText('Configure application and email processing preferences')).toBeTruthy();
    expect(await screen.findByText('Agency Members')).toBeTruthy();
  });

  it('prefetches page data when a link is hovered', async () => {
    const { user, api } = boot('/', {
      'GET /auth/status': () => ({ body: signedIn }),
      'GET /api/v3/api-keys/status': () => ({ body: fakeApiKeyStatus(true) }),
      'GET /api/v3/agency/members': () => ({ body: fakeMembers([], { current_user_email: 'jane@acme.test' }) }),
    });
    await screen.findByRole('heading', { name: 'Email Processing' });
    await user.hover(screen.getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(api.calls.map((c) => c.key)).toContain('GET /api/v3/agency/members'));
  });

  it('shows the not-found page for unknown paths', async () => {
    boot('/nowhere', {});
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
