// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../testing/render';
import { pageModules } from '../lazy-routes';
import { agencyPageAt, preloadStartup } from './preload';
import { hasAgencySessionHint, rememberAgencySession } from './session-hint';

const SIGNED_IN = {
  authenticated: true,
  user: { email: 'jane@acme.test', name: null, picture: null },
  agency_name: 'acme',
  agency_display_name: 'Acme',
  membership_role: 'owner',
  pending_agency: false,
  has_pending_tokens: false,
};

/** Records each request's path; /auth/status answers only when the test says so. */
const stubFetch = () => {
  const paths: string[] = [];
  let answerSession: (body: unknown) => void = () => undefined;
  const session = new Promise<unknown>((resolve) => (answerSession = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      paths.push(path);
      const body = path === '/auth/status' ? await session : { success: true, openai: true };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { paths, answerSession };
};

// The preload starts the page's code; its first import (transforming the modules) is not what these tests time.
beforeAll(() => Promise.all([pageModules.layout(), pageModules.queues()]), 60_000);

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('agencyPageAt', () => {
  it('names the page the router renders under the agency gate, and nothing for standalone routes', () => {
    expect(agencyPageAt('/')).toBe('dashboard');
    expect(agencyPageAt('/campaigns')).toBe('campaigns');
    expect(agencyPageAt('/campaigns/glow-q1')).toBe('campaignBoard');
    expect(agencyPageAt('/talents/a%40b.com')).toBe('talentTimeline');
    expect(agencyPageAt('/settings')).toBe('settings');
    expect(agencyPageAt('/auth/success')).toBeUndefined();
    expect(agencyPageAt('/agencies')).toBeUndefined();
  });
});

describe('preloadStartup', () => {
  it('without a hint asks only for the session', async () => {
    const { paths } = stubFetch();
    preloadStartup(testQueryClient(), '/queues');
    await vi.waitFor(() => expect(paths).toContain('/auth/status'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(paths).toEqual(['/auth/status']);
  });

  it('with the hint asks for the key status before the session has answered', async () => {
    rememberAgencySession(true);
    const { paths, answerSession } = stubFetch();
    preloadStartup(testQueryClient(), '/queues');
    await vi.waitFor(() => expect(paths).toEqual(expect.arrayContaining(['/auth/status', '/api/v3/api-keys/status'])));
    answerSession(SIGNED_IN);
  });

  it('keeps the hint true to each answer of the session check', async () => {
    const { answerSession } = stubFetch();
    const client = testQueryClient();
    preloadStartup(client, '/auth/error');
    answerSession(SIGNED_IN);
    await vi.waitFor(() => expect(hasAgencySessionHint()).toBe(true));
    client.setQueryData(['auth', 'status'], { ...SIGNED_IN, authenticated: false, agency_name: null });
    await vi.waitFor(() => expect(hasAgencySessionHint()).toBe(false));
  });
});
