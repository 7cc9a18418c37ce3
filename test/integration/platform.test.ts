import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { newToken, hashToken } from '../../functions/lib/crypto/token';
import { sessionEntity } from '../../functions/lib/store/entities/session';
import { boot, client, type Booted } from './harness';

const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => `sample-${name}`);

describe('platform: the local runtime serves the API and the SPA', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await boot({ emulators: { google: 'real', openai: 'real' } });
  });
  afterAll(async () => {
    await booted?.stop();
  });

  it('GET /api/v3/system/health is 200 {"status":"ok"} with a request id', async () => {
    const response = await client(booted.runtime).get('/api/v3/system/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('serves the SPA at / and at client routes, under the production CSP', async () => {
    for (const path of ['/', '/campaigns', '/agencies/new', '/auth/success?redirect=/']) {
      const response = await client(booted.runtime).get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.text).toContain('<div id="root">');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('answers 404 JSON for unknown API paths and 405 for a wrong method', async () => {
    const unknown = await client(booted.runtime).get('/api/v3/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: 'Not found' });
    const wrongMethod = await client(booted.runtime).request('DELETE', '/api/v3/system/health');
    expect(wrongMethod.status).toBe(405);
  });

  const guarded = routes.filter((route) => route.auth !== 'public' && route.auth !== 'google-push');
  const googlePush = routes.filter((route) => route.auth === 'google-push');
  it(`every one of the ${googlePush.length} Google-push routes refuses a request without a Google token, with a session token, or with a forged one`, async () => {
    for (const route of googlePush) {
      for (const caller of [client(booted.runtime), client(booted.runtime, newToken())]) {
        const response = await caller.request(route.method, concrete(route.path), {});
        expect([401, 403], `${route.method} ${route.path}`).toContain(response.status);
        expect(response.body).toMatchObject({ success: false });
      }
    }
  });
  it(`every one of the ${guarded.length} routes that needs a session answers 401 without one, or with a forged token`, async () => {
    const anonymous = client(booted.runtime);
    const forged = client(booted.runtime, newToken());
    for (const route of guarded) {
      for (const caller of [anonymous, forged]) {
        const response = await caller.request(route.method, concrete(route.path), route.method === 'GET' ? undefined : {});
        expect(response.status, `${route.method} ${route.path}`).toBe(401);
        expect(response.body).toMatchObject({ success: false, error: 'Authentication required' });
      }
    }
    console.log(`platform: ${guarded.length} guarded routes answered 401 without a session and with a forged token`);
  });
});

describe('platform: data survives a restart', () => {
  it('a session written before a restart still authenticates after it', async () => {
    const first = await boot({ emulators: { google: 'real', openai: 'real' } });
    const token = newToken();
    const now = new Date();
    await sessionEntity
      .put({
        tokenHash: hashToken(token),
        email: 'restart@example.com',
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
      })
      .go();
    await first.stop({ keepData: true });

    const second = await boot({ dataDir: first.dataDir, emulators: { google: 'real', openai: 'real' } });
    try {
      const userRoute = routes.find((route) => route.auth === 'user' && route.method === 'GET')!;
      const response = await client(second.runtime, token).get(userRoute.path);
      // past the guard: the session was found in the restarted store
      expect(response.status).not.toBe(401);
      const anonymous = await client(second.runtime).get(userRoute.path);
      expect(anonymous.status).toBe(401);
    } finally {
      await second.stop();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
