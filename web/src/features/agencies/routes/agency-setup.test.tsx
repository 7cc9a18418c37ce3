// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgencyBody, createAgencyResponse, type CreateAgencyResponse } from '../../../../../shared/schemas/identity';
import { notificationStore } from '../../../components/ui/notifications';
import { fakeAuthStatus } from '../../../testing/fakes';
import { fakeApi, renderRoutes } from '../../../testing/render';
import { AgencySetupRoute } from './agency-setup';

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

const status = fakeAuthStatus({ user: { email: 'jane.doe@acme.test', name: 'Jane', picture: null }, agency_name: null, agency_display_name: null, membership_role: null, pending_agency: true });

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

/** A POST /api/v3/agency answer built to satisfy the shared response schema. */
const created = (name: string, overrides: Partial<CreateAgencyResponse> = {}): { body: CreateAgencyResponse } => ({
  body: createAgencyResponse.parse({
    success: true,
    agency: { name, display_name: name },
    drive_ready: true,
    mailbox_connected: true,
    ...overrides,
  }),
});

const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

describe('AgencySetupRoute', () => {
  it('pre-fills the name from the e-mail and shows the placeholder', async () => {
    setup({});
    const field = (await screen.findByPlaceholderText('ex: threadline-agency')) as HTMLInputElement;
    expect(field.value).toBe('jane-doe-agency');
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
      'POST /api/v3/agency': (body) => created((body as { name: string }).name),
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
      { key: 'POST /api/v3/agency', body: { name: 'Acme', connect_mailbox: true } },
      { key: 'POST /api/v3/agency/invitations', body: { email: 'good@x.com', role: 'owner' } },
      { key: 'POST /api/v3/agency/invitations', body: { email: 'bad@x.com', role: 'member' } },
    ]);
    expect(toasts()).toEqual([
      { type: 'success', title: 'Agency Created', message: 'Agency created successfully. 1 of 2 invitations sent.' },
    ]);
  });

  it('says the agency is ready when no rows were filled', async () => {
    const { user, router } = setup({
      'POST /api/v3/agency': () => created('a'),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Agency' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agencies'));
    expect(toasts()).toEqual([{ type: 'success', title: 'Agency Created', message: 'Your agency is ready to use.' }]);
  });

  it('asks to connect the creator\'s mailbox, checked by default, and sends the choice', async () => {
    const { user, api, router } = setup({ 'POST /api/v3/agency': () => created('a', { mailbox_connected: false }) });
    const consent = (await screen.findByRole('checkbox', {
      name: 'Connect my Gmail to this agency so its staff see the mail I exchange with tracked talents',
    })) as HTMLInputElement;
    expect(consent.checked).toBe(true);
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Create Agency' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agencies'));
    expect(api.calls.find((c) => c.key === 'POST /api/v3/agency')?.body).toEqual({ name: 'jane-doe-agency', connect_mailbox: false });
    // Not asked for, so not being connected is no news.
    expect(toasts()).toEqual([{ type: 'success', title: 'Agency Created', message: 'Your agency is ready to use.' }]);
  });

  it('says so when the mailbox could not be connected at creation', async () => {
    const { user, router } = setup({ 'POST /api/v3/agency': () => created('a', { mailbox_connected: false }) });
    await user.click(await screen.findByRole('button', { name: 'Create Agency' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agencies'));
    expect(toasts()).toEqual([
      { type: 'warning', title: 'Connected mailboxes', message: 'Sign in with Google again to connect your mailbox.' },
      { type: 'success', title: 'Agency Created', message: 'Your agency is ready to use.' },
    ]);
  });

  it('reports a refused creation with the server\'s reason and stays on the form', async () => {
    const { user, router } = setup({
      'POST /api/v3/agency': () => ({ status: 409, body: { success: false, error: 'Taken' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Agency' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Agency Setup Failed', message: 'Taken' }]));
    expect(router.state.location.pathname).toBe('/agencies/new');
  });

  it("refuses a name the server would refuse with the server's own message, before any request", async () => {
    const { user, api } = setup({});
    const name = 'Visit glowskin.com';
    const serverSays = createAgencyBody.safeParse({ name }).error?.issues[0]?.message;
    expect(serverSays).toBe('Agency name cannot contain a web address or domain name');
    const field = await screen.findByPlaceholderText('ex: threadline-agency');
    await user.clear(field);
    await user.type(field, name);
    await user.click(screen.getByRole('button', { name: 'Create Agency' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Agency Setup Failed', message: serverSays }]));
    expect(api.calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('keeps the spec text when the failure is not a refusal of the name', async () => {
    const { user } = setup({
      'POST /api/v3/agency': () => ({ status: 500, body: { success: false, error: 'Internal server error' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Agency' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Agency Setup Failed', message: 'Please try again.' }]));
  });
});
