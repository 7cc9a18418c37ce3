import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleEmulator } from '../emulators/google/server';
import { googleGrantEntity } from '../../functions/lib/store/entities/google-grant';
import { oauthStateEntity } from '../../functions/lib/store/entities/oauth-state';
import { boot, client, type Booted } from './harness';
import {
  authorizeAtProvider,
  authorizeUrl,
  cookieClient,
  cookieValue,
  createAgency,
  invite,
  readSessionItem,
  setLastSeen,
  signIn,
  startLogin,
} from './identity-helpers';

const MAYA = 'maya@brightwave-agency.com';
const DANIEL = 'daniel@brightwave-agency.com';
const PRIYA = 'priya@brightwave-agency.com';

const ANONYMOUS = {
  authenticated: false,
  user: null,
  agency_name: null,
  membership_role: null,
  pending_agency: false,
  has_pending_tokens: false,
};

const errorMessage = (location: string) => {
  expect(location.startsWith('/auth/error?message=')).toBe(true);
  return new URL(location, 'http://x').searchParams.get('message');
};

describe('identity: sign-in, status, logout, CSRF', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  beforeAll(async () => {
    booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
  });
  afterAll(async () => booted?.stop());

  it('GET /auth/status without a session (or with a forged one) is the anonymous shape', async () => {
    for (const caller of [client(booted.runtime), client(booted.runtime, 'x'.repeat(43))]) {
      const response = await caller.get('/auth/status');
      expect(response.status).toBe(200);
      expect(response.body).toEqual(ANONYMOUS);
    }
  });

  it('GET /auth/login redirects to the provider with PKCE S256, state, nonce, offline access and the product scopes', async () => {
    const url = await authorizeUrl(booted.runtime, { login_hint: MAYA });
    expect(url.origin).toBe(new URL(google.url).origin);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(process.env.GOOGLE_CLIENT_ID);
    expect(p.get('redirect_uri')).toBe(`${booted.runtime.url}/auth/callback`);
    expect(p.get('scope')!.split(' ').sort()).toEqual(
      [
        'openid',
        'email',
        'profile',
        'https://www.googleapis.com/auth/gmail.readonly',
        'https://www.googleapis.com/auth/drive.file',
        'https://www.googleapis.com/auth/spreadsheets.readonly',
      ].sort(),
    );
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toBeTruthy();
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('access_type')).toBe('offline');
    expect(p.get('prompt')).toBe('consent');
    expect(p.get('login_hint')).toBe(MAYA);
    // the verifier and nonce stay on the server, with a 10-minute expiry
    const { data } = await oauthStateEntity.get({ state: p.get('state')! }).go();
    expect(data?.codeVerifier).toBeTruthy();
    expect(data?.nonce).toBe(p.get('nonce'));
    expect(Date.parse(data!.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(data!.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(url.href).not.toContain(data!.codeVerifier);
    // the browser that started it gets a binding cookie for the callback only
    const login = await fetch(new URL(`/auth/login?login_hint=${MAYA}`, booted.runtime.url), { redirect: 'manual' });
    expect(login.headers.getSetCookie()).toEqual([expect.stringMatching(/^tl_oauth=[A-Za-z0-9_-]{43}; Path=\/auth\/callback; HttpOnly; SameSite=Lax; Max-Age=600$/)]);
  });

  it('signs in through the provider: HttpOnly SameSite=Lax cookie, success redirect, profile and sealed Google grant', async () => {
    const maya = await signIn(booted.runtime, MAYA);
    expect(maya.location).toBe('/auth/success?invite_accepted=false&redirect=/');
    expect(maya.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(maya.setCookie).toMatch(/^tl_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(2591999|2592000)$/);
    expect(maya.setCookie).not.toContain('Secure'); // APP_URL is http here
    expect(maya.setCookies).toContainEqual(expect.stringMatching(/^tl_oauth=; Path=\/auth\/callback; .*Max-Age=0/));

    const status = await maya.api.get('/auth/status');
    expect(status.body).toEqual({
      authenticated: true,
      user: { email: MAYA, name: 'Maya Okafor', picture: expect.stringMatching(/^data:image\//) },
      agency_name: null,
      agency_display_name: null,
      membership_role: null,
      pending_agency: true,
      has_pending_tokens: true,
    });

    const refreshTokens = [...google.state.tokens.refresh.values()].filter((grant) => grant.email === MAYA).map((grant) => grant.token);
    expect(refreshTokens.length).toBeGreaterThan(0);
    const { data: grant } = await googleGrantEntity.get({ email: MAYA }).go();
    expect(grant?.refreshTokenSealed).toMatch(/^v1\.local\./);
    expect(grant?.scopes).toEqual(expect.arrayContaining(['https://www.googleapis.com/auth/drive.file', 'https://www.googleapis.com/auth/gmail.readonly']));
    for (const token of refreshTokens) expect(JSON.stringify(grant)).not.toContain(token);
    // the session token is stored hashed only
    expect(await readSessionItem(maya.token)).toMatchObject({ email: MAYA });
  });

  it('keeps a same-origin redirect and drops any other', async () => {
    expect((await signIn(booted.runtime, DANIEL, { redirect: '/campaigns?tab=1' })).location).toBe(
      '/auth/success?invite_accepted=false&redirect=/campaigns%3Ftab%3D1',
    );
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect((await signIn(booted.runtime, DANIEL, { redirect: evil })).location).toBe('/auth/success?invite_accepted=false&redirect=/');
    }
  });

  it('a callback is single use: replaying the same code and state goes to the error page', async () => {
    const start = await startLogin(booted.runtime, { login_hint: PRIYA });
    const callback = await authorizeAtProvider(start.authorize);
    const first = await fetch(callback, { redirect: 'manual', headers: { cookie: start.bindingCookie } });
    expect(first.headers.get('location')).toBe('/auth/success?invite_accepted=false&redirect=/');
    const replay = await fetch(callback, { redirect: 'manual', headers: { cookie: start.bindingCookie } });
    expect(replay.status).toBe(302);
    expect(replay.headers.getSetCookie().some((line) => line.startsWith('tl_session='))).toBe(false);
    expect(errorMessage(replay.headers.get('location')!)).toBe('Your sign-in attempt expired or was already used. Please sign in again.');
  });

  it('login CSRF: a callback URL opened in a browser that did not start the sign-in signs nobody in', async () => {
    const attacker = await startLogin(booted.runtime, { login_hint: PRIYA });
    const callback = await authorizeAtProvider(attacker.authorize);
    for (const cookie of [undefined, 'tl_oauth=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const victim = await fetch(callback, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      expect(victim.status).toBe(302);
      expect(victim.headers.getSetCookie().some((line) => line.startsWith('tl_session='))).toBe(false);
      const message = errorMessage(victim.headers.get('location')!);
      expect([
        'Sign-in must be completed in the browser that started it. Please sign in again.',
        'Your sign-in attempt expired or was already used. Please sign in again.',
      ]).toContain(message);
    }
    // and the state was spent by the first try: the attacker cannot finish it either
    const late = await fetch(callback, { redirect: 'manual', headers: { cookie: attacker.bindingCookie } });
    expect(late.headers.getSetCookie().some((line) => line.startsWith('tl_session='))).toBe(false);
  });

  it('every callback failure is a redirect to /auth/error with a clear message, never a 500', async () => {
    const cases: [string, string][] = [
      ['/auth/callback', 'Your sign-in attempt expired or was already used. Please sign in again.'],
      ['/auth/callback?code=abc&state=unknown-state', 'Your sign-in attempt expired or was already used. Please sign in again.'],
      ['/auth/callback?error=access_denied&state=x', 'Sign-in was cancelled'],
      ['/auth/callback?error=server_error', 'Google sign-in failed. Please try again.'],
    ];
    for (const [path, message] of cases) {
      const response = await client(booted.runtime).get(path);
      expect(response.status, path).toBe(302);
      expect(errorMessage(response.headers.get('location')!), path).toBe(message);
    }
    // a genuine state with a forged code: the exchange fails
    const started = await startLogin(booted.runtime, { login_hint: PRIYA });
    const forged = await client(booted.runtime).request('GET', `/auth/callback?code=forged-code&state=${started.authorize.searchParams.get('state')}`, undefined, {
      headers: { cookie: started.bindingCookie },
    });
    expect(forged.status).toBe(302);
    expect(errorMessage(forged.headers.get('location')!)).toBe('Sign-in could not be completed. Please try again.');
    // an expired state item
    const stale = await startLogin(booted.runtime, { login_hint: PRIYA });
    const state = stale.authorize.searchParams.get('state')!;
    await oauthStateEntity.patch({ state }).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).go();
    const late = await fetch(await authorizeAtProvider(stale.authorize), { redirect: 'manual', headers: { cookie: stale.bindingCookie } });
    expect(errorMessage(late.headers.get('location')!)).toBe('Your sign-in attempt expired or was already used. Please sign in again.');
    // the provider's sign-in service failing during the exchange
    const outage = await startLogin(booted.runtime, { login_hint: PRIYA });
    const outageCallback = await authorizeAtProvider(outage.authorize);
    google.faults.set({ api: 'oauth', status: 503 });
    try {
      const failed = await fetch(outageCallback, { redirect: 'manual', headers: { cookie: outage.bindingCookie } });
      expect(failed.status).toBe(302);
      expect(errorMessage(failed.headers.get('location')!)).toBe('Sign-in could not be completed. Please try again.');
    } finally {
      google.faults.clear();
    }
    // a malformed invite token is answered like any other before sign-in (issue 13), and refused after it
    const badInvite = await client(booted.runtime).get('/auth/login?invite=not%20a%20token');
    expect(badInvite.headers.get('location')).not.toMatch(/^\/auth\/error/);
    expect(errorMessage((await signIn(booted.runtime, PRIYA, { invite: 'not a token' })).location)).toBe('This invitation is invalid or has already been used');
  });

  it('signing in again rotates the session: the cookie that came in is ended', async () => {
    const first = await signIn(booted.runtime, PRIYA);
    const second = await signIn(booted.runtime, PRIYA, { cookie: `tl_session=${first.token}` });
    expect(second.token).not.toBe(first.token);
    expect((await first.api.get('/api/v3/agency/list-mine')).status).toBe(401);
    expect((await second.api.get('/api/v3/agency/list-mine')).status).toBe(200);
  });

  it('sign-in selects the only agency, or the last one used among several', async () => {
    const maya = await signIn(booted.runtime, MAYA);
    await createAgency(maya, 'Alpha Agency');
    const again = await signIn(booted.runtime, MAYA);
    expect((await again.api.get('/auth/status')).body).toMatchObject({ agency_name: 'alpha-agency', agency_display_name: 'Alpha Agency', membership_role: 'owner', pending_agency: false, has_pending_tokens: false });

    await createAgency(again, 'Beta Agency'); // selects beta
    const third = await signIn(booted.runtime, MAYA);
    expect((await third.api.get('/auth/status')).body).toMatchObject({ agency_name: 'beta-agency' });
    expect((await third.api.post('/api/v3/agency/switch', { agency_name: 'alpha-agency' })).status).toBe(200);
    const fourth = await signIn(booted.runtime, MAYA);
    expect((await fourth.api.get('/auth/status')).body).toMatchObject({ agency_name: 'alpha-agency' });
  });

  it('an invite token carried through the login is accepted by the callback', async () => {
    const maya = await signIn(booted.runtime, MAYA);
    await maya.api.post('/api/v3/agency/switch', { agency_name: 'alpha-agency' });
    const token = await invite(maya, booted.dataDir, DANIEL);

    // the login tells the provider nothing about the invitee (issue 13)
    const url = await authorizeUrl(booted.runtime, { invite: token });
    expect(url.searchParams.get('login_hint')).toBeNull();
    expect(url.href).not.toContain(encodeURIComponent(DANIEL));

    // the wrong account: signed in, but told why the invitation was not used
    const wrong = await signIn(booted.runtime, PRIYA, { invite: token });
    expect(errorMessage(wrong.location)).toBe('This invitation was sent to a different e-mail address');
    expect(wrong.token).toBeTruthy();

    const daniel = await signIn(booted.runtime, DANIEL, { invite: token });
    expect(daniel.location).toBe('/auth/success?invite_accepted=true&redirect=/');
    expect((await daniel.api.get('/auth/status')).body).toMatchObject({ agency_name: 'alpha-agency', membership_role: 'member', pending_agency: false });

    const reused = await signIn(booted.runtime, DANIEL, { invite: token });
    expect(errorMessage(reused.location)).toBe('This invitation is invalid or has already been used');
  });

  it('refreshes lastSeenAt at most once a minute, and an idle session expires after 7 days', async () => {
    const priya = await signIn(booted.runtime, PRIYA);
    const before = (await readSessionItem(priya.token))!.lastSeenAt;
    await priya.api.get('/auth/status');
    expect((await readSessionItem(priya.token))!.lastSeenAt).toBe(before);

    await setLastSeen(priya.token, new Date(Date.now() - 2 * 60_000));
    const stale = (await readSessionItem(priya.token))!.lastSeenAt;
    await priya.api.get('/auth/status');
    const touched = (await readSessionItem(priya.token))!.lastSeenAt;
    expect(Date.parse(touched)).toBeGreaterThan(Date.parse(stale) + 60_000);

    await setLastSeen(priya.token, new Date(Date.now() - 8 * 24 * 3600_000));
    expect((await priya.api.get('/auth/status')).body).toEqual(ANONYMOUS);
    expect((await priya.api.get('/api/v3/agency/list-mine')).status).toBe(401);
  });

  it('POST /auth/logout ends the session server-side and clears the cookie; the token is then refused', async () => {
    const daniel = await signIn(booted.runtime, DANIEL);
    expect((await daniel.api.get('/api/v3/agency/list-mine')).status).toBe(200);
    const response = await daniel.api.post('/auth/logout');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const cleared = response.headers.get('set-cookie')!;
    expect(cleared).toMatch(/^tl_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect(cookieValue(cleared)).toBeUndefined();
    expect(await readSessionItem(daniel.token)).toBeFalsy();
    const after = await daniel.api.get('/api/v3/agency/list-mine');
    expect(after.status).toBe(401);
    expect((await daniel.api.get('/auth/status')).body).toEqual(ANONYMOUS);
    // without any session it still answers success
    const anonymous = await client(booted.runtime).post('/auth/logout');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ success: true });
  });

  it('CSRF: a cookie-authenticated state change needs X-Requested-With', async () => {
    const maya = await signIn(booted.runtime, MAYA);
    const bare = cookieClient(booted.runtime, maya.token, { csrf: false });
    const withHeader = cookieClient(booted.runtime, maya.token);

    const refused = await bare.post('/api/v3/agency/switch', { agency_name: 'alpha-agency' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: 'Missing X-Requested-With header' });
    expect((await bare.post('/api/v3/agency', { name: 'Csrf Agency' })).status).toBe(403);
    expect((await bare.request('DELETE', `/api/campaigns/users/${encodeURIComponent(DANIEL)}`)).status).toBe(403);
    // reads are fine without it, and so is the same change with it
    expect((await bare.get('/api/v3/agency/list-mine')).status).toBe(200);
    expect((await withHeader.post('/api/v3/agency/switch', { agency_name: 'alpha-agency' })).status).toBe(200);
    // no forced logout from another site either
    expect((await bare.post('/auth/logout')).status).toBe(403);
    expect((await withHeader.get('/auth/status')).body).toMatchObject({ authenticated: true });
    const out = await withHeader.post('/auth/logout');
    expect(out.status).toBe(200);
    expect((await withHeader.get('/auth/status')).body).toEqual(ANONYMOUS);
  });
});
