import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleEmulator } from '../emulators/google/server';
import { LOCAL_OPENAI_KEY, type OpenAIEmulator } from '../emulators/openai/server';
import { boot, client, type Booted } from './harness';
import { cookieClient, latestInviteToken, signIn } from './identity-helpers';

/**
 * Secrets never leave the backend: across a full identity flow, no response body, no redirect,
 * and no log line (stdout, stderr, console) contains the OpenAI key, a Google refresh or access
 * token, or a session token.
 */
const MAYA = 'maya@brightwave-agency.com';
const DANIEL = 'daniel@brightwave-agency.com';
const UNKNOWN_KEY = 'sk-proj-secretsecretsecretsecretsecretsecretsecret0123456';
const QUOTA_KEY = 'sk-proj-quotasecretquotasecretquotasecretquotasecret0123';

describe('secrets never appear in responses or logs', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let openai: OpenAIEmulator;
  const responses: string[] = [];
  const logs: string[] = [];
  const restore: (() => void)[] = [];

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'DEBUG'; // every log line the handlers can write
    booted = await boot({ quiet: false });
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    openai = booted.runtime.emulators.openai as unknown as OpenAIEmulator;

    const appOrigin = new URL(booted.runtime.url).origin;
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const response = await realFetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (new URL(url).origin === appOrigin) {
        const headers = [...response.headers].filter(([name]) => name !== 'set-cookie').map(([name, value]) => `${name}: ${value}`);
        responses.push(`${response.status} ${url}\n${headers.join('\n')}\n${await response.clone().text()}`);
      }
      return response;
    };
    restore.push(() => (globalThis.fetch = realFetch));

    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        logs.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      restore.push(() => (stream.write = write as typeof stream.write));
    }
    for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      const original = console[method];
      console[method] = (...args: unknown[]) => {
        logs.push(args.map((arg) => (typeof arg === 'string' ? arg : safeJson(arg))).join(' '));
        original.apply(console, args as []);
      };
      restore.push(() => (console[method] = original));
    }
  });

  afterAll(async () => {
    for (const undo of restore.reverse()) undo();
    delete process.env.LOG_LEVEL;
    await booted?.stop();
  });

  it('runs sign-in, agency, invitation, API key and logout flows without leaking a secret', async () => {
    const rt = booted.runtime;
    const anonymous = client(rt);
    await anonymous.get('/auth/status');

    const maya = await signIn(rt, MAYA);
    await maya.api.get('/auth/status');
    await maya.api.post('/api/v3/agency', { name: 'Secret Keepers' });
    await maya.api.post('/api/v3/agency', { name: 'Secret Keepers' }); // 409
    await maya.api.post('/api/v3/agency/invitations', { email: DANIEL, role: 'member' });
    const inviteToken = latestInviteToken(booted.dataDir, DANIEL);
    const daniel = await signIn(rt, DANIEL, { invite: inviteToken });
    await daniel.api.get('/api/v3/agency/members');
    await daniel.api.get('/api/v3/agency/list-mine');

    // API keys: the good one, an unknown one, one out of quota, a provider outage, bad shapes
    openai.setKeyState(QUOTA_KEY, 'quota');
    await maya.api.post('/api/v3/api-keys/validate', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    await maya.api.post('/api/v3/api-keys/validate', { service: 'openai', api_key: UNKNOWN_KEY });
    await maya.api.post('/api/v3/api-keys/validate', { service: 'openai', api_key: QUOTA_KEY });
    openai.faults.set({ status: 500, rate: 1 });
    await maya.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    openai.faults.clear();
    await maya.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: UNKNOWN_KEY });
    await maya.api.post('/api/v3/api-keys/set', { service: 'anthropic', api_key: LOCAL_OPENAI_KEY });
    await maya.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: `${LOCAL_OPENAI_KEY} with spaces` });
    await maya.api.request('POST', '/api/v3/api-keys/set', undefined, { rawBody: `{"service":"openai","api_key":"${LOCAL_OPENAI_KEY}"`, headers: { 'content-type': 'application/json' } });
    const saved = await maya.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    expect(saved.body).toEqual({ success: true, message: 'API key saved' });
    await maya.api.get('/api/v3/api-keys/status');
    await daniel.api.get('/api/v3/api-keys/status');

    // a cookie caller, a CSRF refusal, a logout, a refused stale token
    const browser = cookieClient(rt, maya.token);
    await browser.get('/auth/status');
    await cookieClient(rt, maya.token, { csrf: false }).post('/api/v3/agency/switch', { agency_name: 'secret-keepers' });
    await daniel.api.post('/auth/logout');
    await daniel.api.get('/api/v3/agency/list-mine');
    await browser.post('/auth/logout');

    const refreshTokens = [...google.state.tokens.refresh.values()].map((grant) => grant.token);
    const accessTokens = [...google.state.tokens.access.values()].map((grant) => grant.token);
    expect(refreshTokens.length).toBeGreaterThanOrEqual(2);
    expect(accessTokens.length).toBeGreaterThan(0);
    const secrets: [string, string][] = [
      ['the OpenAI key', LOCAL_OPENAI_KEY],
      ['an unknown OpenAI key', UNKNOWN_KEY],
      ['an out-of-quota OpenAI key', QUOTA_KEY],
      ...refreshTokens.map((token): [string, string] => ['a Google refresh token', token]),
      ...accessTokens.map((token): [string, string] => ['a Google access token', token]),
      ['a session token', maya.token],
      ['a session token', daniel.token],
    ];

    expect(responses.length).toBeGreaterThan(20);
    expect(logs.length).toBeGreaterThan(10);
    expect(logs.join('\n')).toContain('request handled'); // the capture sees the handlers' logger
    const responseText = responses.join('\n');
    const logText = logs.join('\n');
    for (const [what, secret] of secrets) {
      expect(secret.length, what).toBeGreaterThan(15);
      expect(responseText.includes(secret), `${what} appears in a response`).toBe(false);
      expect(logText.includes(secret), `${what} appears in a log line`).toBe(false);
      // nor a long recognisable piece of it
      const middle = secret.slice(Math.floor(secret.length / 2) - 8, Math.floor(secret.length / 2) + 8);
      expect(responseText.includes(middle), `part of ${what} appears in a response`).toBe(false);
      expect(logText.includes(middle), `part of ${what} appears in a log line`).toBe(false);
    }
  });
});

const safeJson = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};
