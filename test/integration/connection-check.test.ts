import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleGrantEntity } from '../../functions/lib/store/entities/google-grant';
import { systemConnectionResponse } from '../../shared/schemas/system';
import type { GoogleEmulator } from '../emulators/google/server';
import { seed } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';

/**
 * The connection check (GET /api/v3/system/connection, what Settings and the start-up notice read
 * as "Google access ok") exercises the caller's grant: a grant the person revoked at Google reads
 * "revoked" on the next check, not after the next job. Google answering nothing useful (down)
 * leaves the stored reading.
 *
 * The check refreshes a token, so its function is granted what a Google-calling route is, with
 * table writes (a refused grant is remembered): infra/stacks/permissions.ts, enforced here as on AWS.
 */
const [MAYA] = seed.accounts.map((account) => account.email) as [string];

describe('the connection check exercises Google access', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let maya: SignedIn;

  const check = async () => {
    const response = await maya.api.get('/api/v3/system/connection');
    expect(response.status, response.text).toBe(200);
    return systemConnectionResponse.parse(response.body);
  };
  const tokenRequests = (from: number) => google.log.slice(from).filter((entry) => entry.operation === 'oauth.token');

  beforeAll(async () => {
    booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    maya = await signIn(booted.runtime, MAYA);
    await createAgency(maya, 'Connection Check Agency');
  }, 120_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it('a usable grant reads "ok", checked at Google with one token refresh', async () => {
    const from = google.log.length;
    expect(await check()).toMatchObject({ google_access: 'ok', google_connected: true });
    expect(tokenRequests(from).map((entry) => entry.status)).toEqual([200]);
  });

  it('Google unreachable: the stored reading stands (not "revoked"), and nothing is remembered', async () => {
    const from = google.log.length;
    google.faults.set({ api: 'oauth', operation: 'oauth.token', status: 503 });
    try {
      expect(await check()).toMatchObject({ google_access: 'ok', google_connected: true });
    } finally {
      google.faults.clear();
    }
    expect(tokenRequests(from).map((entry) => entry.status)).toEqual([503]);
    expect((await googleGrantEntity.get({ email: MAYA }).go()).data?.revokedAt).toBeUndefined();
  });

  it('a grant revoked at Google reads "revoked" on the very next check, and stays so', async () => {
    // What Google does when the person removes Threadline's access: the grant and its tokens revoked.
    const grants = [...google.state.tokens.refresh.values()].filter((grant) => grant.email === MAYA && !grant.revoked);
    expect(grants.length).toBeGreaterThan(0);
    for (const grant of grants) {
      const revoked = await fetch(`${google.url}/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: grant.token }) });
      expect(revoked.status).toBe(200);
    }
    expect(await check()).toMatchObject({ google_access: 'revoked', google_connected: false });
    expect(Date.parse((await googleGrantEntity.get({ email: MAYA }).go()).data?.revokedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Remembered: the next check answers from the store, without asking Google again.
    const from = google.log.length;
    expect(await check()).toMatchObject({ google_access: 'revoked' });
    expect(tokenRequests(from)).toEqual([]);
  });
});
