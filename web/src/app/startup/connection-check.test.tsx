// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, testQueryClient } from '../../testing/render';
import { checkConnection, connectionQueryOptions, CONNECTION_TIMEOUT_MS } from './connection-check';
import { ConnectionNotice } from './connection-notice';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const stub = (handlers: Parameters<typeof fakeApi>[0]) => {
  const api = fakeApi(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  return api;
};

const CONNECTED = { body: { success: true, status: 'connected', agency_name: 'acme', google_connected: true, openai_configured: true } };

describe('the API connection check', () => {
  it('calls GET /api/v3/system/connection and reads its answer', async () => {
    const api = stub({ 'GET /api/v3/system/connection': () => CONNECTED });
    await expect(checkConnection()).resolves.toMatchObject({ status: 'connected', openai_configured: true });
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/v3/system/connection']);
  });

  it('says "Unable to connect to API server" when the test returns nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 200 })));
    await expect(checkConnection()).rejects.toThrow('Unable to connect to API server');
  });

  it('is cached for 2 minutes, kept for 4, and not refetched on window focus', () => {
    const options = connectionQueryOptions();
    expect(options.staleTime).toBe(2 * 60_000);
    expect(options.gcTime).toBe(4 * 60_000);
    expect(options.refetchOnWindowFocus).toBe(false);
  });

  it('asks once within 2 minutes however often it is read, and forgets the answer 4 minutes after the last reader', async () => {
    vi.useFakeTimers();
    const api = stub({ 'GET /api/v3/system/connection': () => CONNECTED });
    const client = new QueryClient();
    const read = () => new QueryObserver(client, connectionQueryOptions()).subscribe(() => undefined);
    const stop = read();
    await vi.advanceTimersByTimeAsync(0);
    read()();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(119_000);
    read()();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toHaveLength(1);
    stop();
    await vi.advanceTimersByTimeAsync(4 * 60_000 - 1000);
    expect(client.getQueryData(connectionQueryOptions().queryKey)).toBeDefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(client.getQueryData(connectionQueryOptions().queryKey)).toBeUndefined();
  });
});

describe('ConnectionNotice', () => {
  it('shows nothing while connected', async () => {
    const api = stub({ 'GET /api/v3/system/connection': () => CONNECTED });
    renderAt(<ConnectionNotice />);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByTestId('connection-error')).toBeNull();
  });

  it('shows "Unable to connect to API server" until dismissed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 200 })));
    renderAt(<ConnectionNotice />);
    expect((await screen.findByTestId('connection-error')).textContent).toBe('Unable to connect to API server');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('connection-error')).toBeNull();
  });

  it('clears a timeout error by itself after 5 s', async () => {
    // React's own scheduling stays real; the request timeout and the 5 s are faked.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const advance = async (ms: number) => {
      await act(() => vi.advanceTimersByTimeAsync(ms));
      await act(() => new Promise((resolve) => setImmediate(resolve)));
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    renderAt(<ConnectionNotice />, { client: testQueryClient() });
    await advance(CONNECTION_TIMEOUT_MS);
    await advance(50);
    expect(screen.getByTestId('connection-error').textContent).toBe('Request timeout - operation took too long');
    await advance(4800);
    expect(screen.queryByTestId('connection-error')).not.toBeNull();
    await advance(200);
    expect(screen.queryByTestId('connection-error')).toBeNull();
  });
});
