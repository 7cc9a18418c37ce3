// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { browserLocation } from '../../../lib/browser-location';
import { fakeAuthStatus } from '../../../testing/fakes';
import { fakeApi, renderRoutes } from '../../../testing/render';
import { AuthErrorRoute } from './auth-error';
import { AuthSuccessRoute } from './auth-success';
import { InviteRoute } from './invite';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  { path: '/invite', element: <InviteRoute /> },
  { path: '/auth/success', element: <AuthSuccessRoute /> },
  { path: '/auth/error', element: <AuthErrorRoute /> },
  { path: '/', element: <p>home</p> },
];

const stubFetch = (handlers: Parameters<typeof fakeApi>[0]) => {
  const api = fakeApi(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  return api;
};

describe('invite view', () => {
  it('sends the invite token to the login', async () => {
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    renderRoutes(routes, { path: '/invite?token=abc' });
    expect(screen.getByText('Processing invitation...')).toBeTruthy();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/login?invite=abc'));
  });

  it('reports a missing token on the auth error page', async () => {
    const { router } = renderRoutes(routes, { path: '/invite' });
    expect(await screen.findByText('Missing invite token')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/error');
  });
});

describe('auth success', () => {
  it('refreshes the session, then replaces the location with the redirect', async () => {
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    const api = stubFetch({ 'GET /auth/status': () => ({ body: fakeAuthStatus() }) });
    renderRoutes(routes, { path: '/auth/success?redirect=%2Fcampaigns' });
    expect(screen.getByText('Completing sign-in...')).toBeTruthy();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/campaigns'));
    expect(screen.getByText('Redirecting...')).toBeTruthy();
    expect(api.calls.map((c) => c.key)).toEqual(['GET /auth/status']);
  });

  it('welcomes a user who accepted an invite and ignores off-site redirects', async () => {
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    stubFetch({ 'GET /auth/status': () => ({ body: fakeAuthStatus() }) });
    renderRoutes(routes, { path: '/auth/success?invite_accepted=true&redirect=https%3A%2F%2Fevil.example' });
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    expect(screen.getByText('Welcome! Setting up your access...')).toBeTruthy();
  });

  it('refuses a target that browsers would turn into another site (tab, newline, backslash)', async () => {
    for (const target of ['%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%5Cevil.example', '%09%2F%2Fevil.example']) {
      const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
      stubFetch({ 'GET /auth/status': () => ({ body: fakeAuthStatus() }) });
      renderRoutes(routes, { path: `/auth/success?redirect=${target}` });
      await waitFor(() => expect(replace).toHaveBeenCalled());
      expect(replace.mock.calls).toEqual([['/']]);
      cleanup();
      vi.restoreAllMocks();
    }
  });

  it('toasts a failed refresh and still redirects', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    stubFetch({ 'GET /auth/status': () => ({ status: 500, body: {} }) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoutes(routes, { path: '/auth/success' });
    await waitFor(() =>
      expect(notificationStore.getSnapshot().map((n) => [n.title, n.message])).toEqual([
        ['Authentication', 'Failed to refresh session. Please try again.'],
      ]),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    expect(replace).toHaveBeenCalledWith('/');
  });
});

describe('auth error', () => {
  it('shows the message or error parameter, or the default', async () => {
    renderRoutes(routes, { path: '/auth/error?error=Denied' });
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeTruthy();
    expect(screen.getByText('Denied')).toBeTruthy();
    cleanup();
    renderRoutes(routes, { path: '/auth/error' });
    expect(screen.getByText('Authentication failed')).toBeTruthy();
  });

  it('returns to the app with replace', async () => {
    const { router } = renderRoutes(routes, { path: '/auth/error?message=x' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Return to app' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
