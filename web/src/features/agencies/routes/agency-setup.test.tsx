// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { fakeApi, renderRoutes } from '../../../testing/render';
import { AgencySetupRoute } from './agency-setup';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

const status = { authenticated: true, user: { email: 'jane.doe@acme.test', name: 'Jane' }, agency_name: null };

const setup = (handlers: Parameters<typeof fakeApi>[0]) => {
  const api = fakeApi({ 'GET /auth/status': () => ({ body: status }), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  const view = renderRoutes(
    [
      { path: '/agencies/new', element: <AgencySetupRoute /> },
      { path: '/agencies', element: <p>agency list</p> },
    ],
    { path: '/agencies/new' },
  );
  view.client.setQueryData(['auth', 'status'], status);
  return { api, user: userEvent.setup(), ...view };
};

const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

describe('AgencySetupRoute', () => {
  it('pre-fills the name from the e-mail and shows the placeholder', async () => {
    setup({});
    const field = (await screen.findByPlaceholderText('ex: threadline-agency')) as HTMLInputElement;
    expect(field.value).toBe('jane.doe-agency');
  });

  it('refuses an empty name with the "Agency Name Required" toast', async () => {
    const { user, api } = setup({});
    const field = await screen.findByPlaceholderText('ex: threadline-agency');
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Create Agency' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ type: 'error', title: 'Agency Name Required', message: 'Please provide a name to continue.' }]),
    );
    expect(api.calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('shows row removal only with more than one row', async () => {
    const { user } = setup({});
    await user.click(await screen.findByRole('button', { name: 'Invite team members (optional)' }));
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add another' }));
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: /^Remove/ })[0]!);
    expect(screen.getAllByTestId('invite-row')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('creates the agency, sends one invitation per valid row and reports partial success', async () => {
    const { user, api, router } = setup({
      'POST /api/v3/agency': (body) => ({ body: { success: true, agency: { name: (body as { name: string }).name, display_name: 'X' } } }),
      'POST /api/v3/agency/invitations': (body) =>
        (body as { email: string }).email === 'bad@x.com'
          ? { status: 400, body: { success: false, error: 'Nope' } }
          : { body: { success: true, message: 'sent' } },
    });
    const field = await screen.findByPlaceholderText('ex: threadline-agency');
    await user.clear(field);
    await user.type(field, '  Acme  ');
    await user.click(screen.getByRole('button', { name: 'Invite team members (optional)' }));
    await user.click(screen.getByRole('button', { name: 'Add another' }));
    await user.click(screen.getByRole('button', { name: 'Add another' }));
    await user.type(screen.getByLabelText('Email 1'), 'good@x.com');
    await user.selectOptions(screen.getByLabelText('Role 1'), 'owner');
    await user.type(screen.getByLabelText('Email 2'), 'no-at-sign');
    await user.type(screen.getByLabelText('Email 3'), 'bad@x.com');
    await user.click(screen.getByRole('button', { name: 'Create Agency' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/agencies'));
    const posts = api.calls.filter((c) => c.key.startsWith('POST'));
    expect(posts).toEqual([
      { key: 'POST /api/v3/agency', body: { name: 'Acme' } },
      { key: 'POST /api/v3/agency/invitations', body: { email: 'good@x.com', role: 'owner' } },
      { key: 'POST /api/v3/agency/invitations', body: { email: 'bad@x.com', role: 'member' } },
    ]);
    expect(toasts()).toEqual([
      { type: 'success', title: 'Agency Created', message: 'Agency created successfully. 1 of 2 invitations sent.' },
    ]);
  });

  it('says the agency is ready when no rows were filled', async () => {
    const { user, router } = setup({
      'POST /api/v3/agency': () => ({ body: { success: true, agency: { name: 'a', display_name: 'a' } } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Agency' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agencies'));
    expect(toasts()).toEqual([{ type: 'success', title: 'Agency Created', message: 'Your agency is ready to use.' }]);
  });

  it('reports a failed creation and stays on the form', async () => {
    const { user, router } = setup({
      'POST /api/v3/agency': () => ({ status: 409, body: { success: false, error: 'Taken' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Agency' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Agency Setup Failed', message: 'Please try again.' }]));
    expect(router.state.location.pathname).toBe('/agencies/new');
  });
});
