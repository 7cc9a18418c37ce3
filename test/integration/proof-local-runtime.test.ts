import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { boot, client, type Booted } from './harness';
import { createAgency, signIn } from './identity-helpers';

/**
 * The local runtime answers as the HTTP API in front of Lambda does (issue 28): a handler past
 * its timeout (routes.ts timeoutSeconds, else CDK's 15 s) is stopped by Lambda, a function error
 * the HTTP API answers 500 {"message":"Internal Server Error"}, and the request does not hang; a
 * result over Lambda's 6 MB response limit is the same 500; a request whose event Lambda would
 * refuse (over 6 MB) is 413; a malformed URL is a 400 with a clear message, never a crash.
 */
const MAYA = 'maya@brightwave-agency.com';
const SIX_MB = 6 * 1024 * 1024;

type Handler = (event: unknown, context: Context) => Promise<unknown>;

/** What the wrapped routes answer, set per test. */
const oversized: { bytes: number } = { bytes: 0 };

const wrapRoute = (routeId: string, run: Handler): Handler => {
  if (routeId !== 'SystemHealth') return run;
  return async (event, context) => {
    if (!oversized.bytes) return run(event, context);
    return { statusCode: 200, headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(oversized.bytes) };
  };
};

describe('proof: the local runtime behaves like Lambda and API Gateway', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await boot({ wrapRoute } as Parameters<typeof boot>[0]);
  });
  afterAll(async () => {
    await booted?.stop();
  });

  it("a handler still running at its timeout (15 s, CDK's default) is answered 500 at the timeout, and the runtime goes on serving", async () => {
    const maya = await signIn(booted.runtime, MAYA);
    await createAgency(maya, 'Proof Runtime Agency');
    const google = booted.runtime.emulators.google as unknown as { setLatency(ms: number): void; seed: { truth: { longlist: { spreadsheetId: string } } } };
    // Google answers after 40 s (each call may wait 30 s): CampaignSheetMetadata has no
    // timeoutSeconds in routes.ts, so its Lambda gets CDK's default of 15 s.
    google.setLatency(40_000);
    const started = performance.now();
    try {
      const response = await fetch(new URL(`/api/campaigns/sheet-metadata?sheet_id=${google.seed.truth.longlist.spreadsheetId}`, booted.runtime.url), {
        headers: { authorization: `Bearer ${maya.token}`, 'x-requested-with': 'threadline' },
        signal: AbortSignal.timeout(25_000),
      });
      const elapsed = performance.now() - started;
      console.log(`proof-local-runtime: CampaignSheetMetadata stuck on Google answered ${response.status} after ${(elapsed / 1000).toFixed(1)} s`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: 'Internal Server Error' });
      expect(elapsed).toBeGreaterThanOrEqual(14_900);
      expect(elapsed).toBeLessThan(18_000);
    } finally {
      google.setLatency(0);
    }
    const health = await client(booted.runtime).get('/api/v3/system/health');
    expect(health.status).toBe(200);
  }, 45_000);

  it('a response over 6 MB is refused as Lambda refuses it (500 Internal Server Error); 6 MB of payload or less is served', async () => {
    try {
      // the serialized result counts: 6 MB of body plus its envelope is over the limit
      oversized.bytes = SIX_MB;
      const tooLarge = await client(booted.runtime).get('/api/v3/system/health');
      expect(tooLarge.status).toBe(500);
      expect(tooLarge.body).toEqual({ message: 'Internal Server Error' });

      oversized.bytes = SIX_MB - 1024;
      const fits = await client(booted.runtime).get('/api/v3/system/health');
      expect(fits.status).toBe(200);
      expect(fits.text.length).toBe(SIX_MB - 1024);
    } finally {
      oversized.bytes = 0;
    }
  });

  it('a request Lambda would refuse (an event over 6 MB) is 413, as the HTTP API answers it', async () => {
    const maya = await signIn(booted.runtime, MAYA);
    const response = await fetch(new URL('/api/v3/settings/model-config', booted.runtime.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${maya.token}`, 'x-requested-with': 'threadline', 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'thread_summary', padding: 'x'.repeat(SIX_MB) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request Entity Too Large' });
    expect((await client(booted.runtime).get('/api/v3/system/health')).status).toBe(200);
  });

  it('a malformed URL is a 400 with a clear JSON message, on API and web paths, and the runtime goes on serving', async () => {
    const api = client(booted.runtime);
    for (const path of ['/%', '/%zz', '/api/v3/%zz', '/api/campaigns/%E0%A4%A', '/api/campaigns/users/%ED%A0%80', '/auth/callback%']) {
      const response = await api.get(path);
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type'), path).toContain('application/json');
      expect(response.body, path).toMatchObject({ success: false, error: 'Malformed URL' });
      expect((response.body as { message: string }).message, path).toMatch(/percent-encod/i);
    }
    // a path that starts with "//" is a path, not another host
    for (const path of ['//', '//evil.example/api/v3/system/health']) {
      const response = await fetch(`${booted.runtime.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBeLessThan(500);
    }
    expect((await api.get('/api/v3/system/health')).status).toBe(200);
  });
});
