// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthStatus, fakeMessage } from '../../../testing/fakes';
import { fakeApi, renderAt } from '../../../testing/render';
import { ApiKeyScreen } from './api-key-screen';

const KEY = `sk-proj-${'a'.repeat(48)}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const authStatus = (role: 'owner' | 'member') => () => ({
  body: fakeAuthStatus({ agency_name: 'roles-agency', agency_display_name: 'Roles Agency', membership_role: role }),
});

const setup = (handlers: Parameters<typeof fakeApi>[0] = {}) => {
  const api = fakeApi({ 'GET /auth/status': authStatus('owner'), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  renderAt(<ApiKeyScreen />);
  return { api, user: userEvent.setup(), field: screen.getByPlaceholderText(/^sk-/), button: screen.getByRole('button', { name: 'Continue' }) };
};

describe('ApiKeyScreen', () => {
  it('shows the title, the notes and a disabled Continue', () => {
    const { button } = setup();
    expect(screen.getByRole('heading', { name: 'Configure OpenAI API' })).toBeTruthy();
    expect(screen.getByText('Your API key is encrypted and stored for your agency. It is never shown again or shared.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get your API key from OpenAI' }).getAttribute('href')).toBe(
      'https://platform.openai.com/api-keys',
    );
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('validates on change and enables Continue only for a valid key', async () => {
    const { user, field, button } = setup();
    await user.type(field, 'pk-123');
    expect(await screen.findByText('API key must start with "sk-"')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'sk-short');
    expect(await screen.findByText('API key appears incomplete')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.clear(field);
    await user.type(field, KEY);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('masks the key with a show/hide toggle', async () => {
    const { user, field } = setup();
    expect(field.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(field.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide API key' }));
    expect(field.getAttribute('type')).toBe('password');
  });

  it('validates on the server first, then saves the trimmed key', async () => {
    const { user, field, button, api } = setup({
      'POST /api/v3/api-keys/validate': () => ({ body: { success: true, valid: true, message: 'ok' } }),
      'POST /api/v3/api-keys/set': () => ({ body: fakeMessage('API key saved') }),
      'GET /api/v3/api-keys/status': () => ({ body: { success: true, openai: true } }),
    });
    await user.type(field, `  ${KEY} `);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(api.calls.map((c) => c.key)).toContain('POST /api/v3/api-keys/set'));
    const posts = api.calls.filter((c) => c.key.startsWith('POST '));
    expect(posts[0]).toEqual({ key: 'POST /api/v3/api-keys/validate', body: { service: 'openai', api_key: KEY } });
    expect(posts[1]).toEqual({ key: 'POST /api/v3/api-keys/set', body: { service: 'openai', api_key: KEY } });
  });

  it("shows the server's message and does not save when the key is invalid", async () => {
    const { user, field, button, api } = setup({
      'POST /api/v3/api-keys/validate': () => ({ body: { success: true, valid: false, message: 'Incorrect API key provided' } }),
    });
    await user.type(field, KEY);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    expect(await screen.findByText('Incorrect API key provided')).toBeTruthy();
    expect(api.calls.map((c) => c.key).filter((key) => key.startsWith('POST '))).toEqual(['POST /api/v3/api-keys/validate']);
  });

  it('reads "Validating..." while the server checks the key', async () => {
    let release: () => void = () => {};
    const { user, field, button } = setup({
      'POST /api/v3/api-keys/validate': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { success: true, valid: false, message: 'Invalid API key' } });
        }),
    });
    await user.type(field, KEY);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    const busy = await screen.findByRole('button', { name: /Validating\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('Invalid API key')).toBeTruthy();
  });

  it("shows the server's own words when key checks are throttled (429)", async () => {
    const { user, field, button } = setup({
      'POST /api/v3/api-keys/validate': () => ({
        status: 429,
        body: { success: false, error: 'Too many API key checks for this agency. Try again in 1 minute.', message: 'Too many API key checks for this agency. Try again in 1 minute.' },
      }),
    });
    await user.type(field, KEY);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    expect(await screen.findByText('Too many API key checks for this agency. Try again in 1 minute.')).toBeTruthy();
  });

  it('tells a member to ask an owner instead of showing the key form', async () => {
    const api = fakeApi({ 'GET /auth/status': authStatus('member') });
    vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
    renderAt(<ApiKeyScreen />);
    expect(await screen.findByText('Ask an owner of Roles Agency to set the OpenAI API key.')).toBeTruthy();
    expect(screen.queryByPlaceholderText(/^sk-/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage Agencies' }).getAttribute('href')).toBe('/agencies');
    expect(api.calls.some((c) => c.key.startsWith('POST '))).toBe(false);
  });
});
