import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthClient } from '../../functions/lib/google/auth';
import { GoogleAuthRevoked, GoogleScopeMissing } from '../../functions/lib/google/errors';
import { createGmailClient } from '../../functions/lib/google/gmail';
import { createGmailQuotaLimiter } from '../../functions/lib/google/gmail-quota';
import { startGoogleEmulator, type GoogleEmulator } from '../emulators/google/server';
import { contextFor, discover, emulatorConfig, LOCAL_CLIENT, PRODUCT_SCOPES, REDIRECT_URI, signIn } from './google-helpers';

/** Sign-in as the backend runs it (openid-client v6, code + PKCE), then refresh and revoke. */
let g: GoogleEmulator;
beforeAll(async () => {
  g = await startGoogleEmulator({ port: 0, seed: 'default' });
});
afterAll(() => g.close());

const MAYA = 'maya@brightwave-agency.com';

describe('OAuth code + PKCE against the Google emulator', () => {
  it('discovers the issuer, signs in with login_hint, refreshes, revokes', async () => {
    const { config, tokens, authorizationUrl } = await signIn(g.url, MAYA);

    // Discovery points everything at the emulator; the authorization URL carries PKCE.
    expect(config.serverMetadata()).toMatchObject({ issuer: g.url, token_endpoint: `${g.url}/token`, authorization_endpoint: `${g.url}/o/oauth2/v2/auth` });
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${g.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      client_id: LOCAL_CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      code_challenge_method: 'S256',
      login_hint: MAYA,
      access_type: 'offline',
      scope: PRODUCT_SCOPES,
    });
    expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The code exchange yields an ID token for the hinted account and a refresh token.
    expect(tokens.claims()).toMatchObject({ iss: g.url, aud: LOCAL_CLIENT.clientId, email: MAYA, email_verified: true });
    expect(tokens.refresh_token).toBeTruthy();
    const exchange = g.log.find((e) => e.operation === 'oauth.token' && e.method === 'POST')!;
    expect(exchange.status).toBe(200);

    // Refresh through openid-client, then through the adapter's OAuth2Client (the product path).
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    const adapterAuth = createOAuthClient({ refreshToken: tokens.refresh_token!, config: emulatorConfig(g.url) });
    const { token } = await adapterAuth.getAccessToken();
    expect(token).toBeTruthy();
    expect(g.log.at(-1)).toMatchObject({ method: 'POST', path: '/token', status: 200 });

    // Revoke: refreshing fails with invalid_grant, and the adapter says GoogleAuthRevoked.
    await oidc.tokenRevocation(config, tokens.refresh_token!);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const gmail = createGmailClient({ ...contextFor(g.url, tokens.refresh_token!), mailbox: MAYA, limiter: createGmailQuotaLimiter() });
    await expect(gmail.getProfile()).rejects.toBeInstanceOf(GoogleAuthRevoked);
  });

  it('rejects a code exchange with the wrong PKCE verifier', async () => {
    const config = (await signIn(g.url, MAYA)).config;
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: PRODUCT_SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 's1',
      login_hint: MAYA,
    });
    const location = (await fetch(url, { redirect: 'manual' })).headers.get('location')!;
    await expect(
      oidc.authorizationCodeGrant(config, new URL(location), { pkceCodeVerifier: oidc.randomPKCECodeVerifier(), expectedState: 's1' }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

/** Issue 14.2/14.3: consent people only half give, and what each narrower scope allows. */
describe('granular consent and scopes against the Google emulator', () => {
  const GMAIL = 'https://www.googleapis.com/auth/gmail.readonly';
  const LONGLIST = '1KZT6hVNcaXihYxfxxbqERYyABqHyfQq9aGIzJDvf-bY';
  const bearer = (token: string, init: RequestInit = {}) => ({ ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });

  /** Authorize through the picker and the consent page, leaving only `ticked` boxes ticked. */
  const consentWith = async (ticked: (scopes: string[]) => string[]) => {
    g.setConsent({ screen: true });
    try {
      const config = await discover(g.url);
      const verifier = oidc.randomPKCECodeVerifier();
      const authorize = oidc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT_URI,
        scope: PRODUCT_SCOPES,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: 's2',
        nonce: 'n2',
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      });
      const picker = await (await fetch(authorize)).text();
      const consentPath = /href="(\/o\/oauth2\/v2\/auth\/consent\?[^"]+)"[^>]*data-email|data-email="[^"]*" href="(\/o\/oauth2\/v2\/auth\/consent\?[^"]+)"/.exec(picker);
      const link = (consentPath?.[1] ?? consentPath?.[2] ?? '').replace(/&amp;/g, '&').replace(/email=[^&]+/, `email=${encodeURIComponent(MAYA)}`);
      expect(link).toContain('/o/oauth2/v2/auth/consent?flow=');
      const page = await (await fetch(new URL(link, g.url))).text();
      const offered = [...page.matchAll(/name="scope" value="([^"]+)" checked/g)].map((m) => m[1]!);
      expect(offered).toEqual(expect.arrayContaining([GMAIL, 'https://www.googleapis.com/auth/drive.file', 'https://www.googleapis.com/auth/spreadsheets.readonly']));
      const flow = new URL(link, g.url).searchParams.get('flow')!;
      const submit = new URL('/o/oauth2/v2/auth/select', g.url);
      submit.searchParams.set('flow', flow);
      submit.searchParams.set('email', MAYA);
      submit.searchParams.set('consented', '1');
      for (const scope of ticked(offered)) submit.searchParams.append('scope', scope);
      const answered = await fetch(submit, { redirect: 'manual' });
      expect(answered.status).toBe(302);
      return oidc.authorizationCodeGrant(config, new URL(answered.headers.get('location')!), { pkceCodeVerifier: verifier, expectedState: 's2', expectedNonce: 'n2', idTokenExpected: true });
    } finally {
      g.setConsent({ screen: false });
    }
  };

  it('the consent page lets a person untick Gmail: the token says so and Gmail answers 403 insufficient scopes', async () => {
    // a person who never granted this client before (include_granted_scopes adds nothing)
    for (const grant of g.state.tokens.refresh.values()) if (grant.email === MAYA) grant.revoked = true;
    const tokens = await consentWith((offered) => offered.filter((scope) => scope !== GMAIL));
    const granted = (tokens.scope ?? '').split(' ');
    expect(granted).not.toContain(GMAIL);
    expect(granted).toEqual(expect.arrayContaining(['openid', 'https://www.googleapis.com/auth/drive.file', 'https://www.googleapis.com/auth/spreadsheets.readonly']));

    const raw = await fetch(`${g.url}/gmail/v1/users/me/profile`, bearer(tokens.access_token));
    expect(raw.status).toBe(403);
    expect(raw.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(await raw.json()).toEqual({
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
        status: 'PERMISSION_DENIED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
            domain: 'googleapis.com',
            metadata: { service: 'gmail.googleapis.com', method: 'gmail.users.getProfile' },
          },
        ],
      },
    });
    // the product's adapter: a scope problem, not "revoked" and not retried
    const gmail = createGmailClient({ ...contextFor(g.url, tokens.refresh_token!), mailbox: MAYA, limiter: createGmailQuotaLimiter() });
    const before = g.log.length;
    await expect(gmail.getProfile()).rejects.toBeInstanceOf(GoogleScopeMissing);
    expect(g.log.slice(before).filter((e) => e.api === 'gmail')).toHaveLength(1);

    // asked again with include_granted_scopes: what was granted stays, Gmail is added
    const again = await consentWith((offered) => offered);
    expect((again.scope ?? '').split(' ')).toEqual(expect.arrayContaining([GMAIL, 'https://www.googleapis.com/auth/drive.file']));
  });

  it('deny= on the account choice unticks a scope, as automation of the same screen', async () => {
    const config = await discover(g.url);
    const authorize = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT_URI, scope: PRODUCT_SCOPES, state: 's3', prompt: 'select_account' });
    const picker = await (await fetch(authorize)).text();
    const flow = /flow=([A-Za-z0-9_-]+)/.exec(picker)![1]!;
    const select = new URL('/o/oauth2/v2/auth/select', g.url);
    select.search = new URLSearchParams({ flow, email: MAYA, deny: 'https://www.googleapis.com/auth/spreadsheets.readonly' }).toString();
    const location = new URL((await fetch(select, { redirect: 'manual' })).headers.get('location')!);
    expect(location.searchParams.get('scope')!.split(' ')).not.toContain('https://www.googleapis.com/auth/spreadsheets.readonly');
    expect(location.searchParams.get('scope')!.split(' ')).toContain(GMAIL);
  });

  it('drive.file + spreadsheets.readonly: writes only the sheets this client created, reads a sheet the user names', async () => {
    const { access_token: token } = await g.issueTokens(MAYA);
    const created = await fetch(`${g.url}/v4/spreadsheets`, bearer(token, { method: 'POST', body: JSON.stringify({ properties: { title: 'Tracker' } }) }));
    expect(created.status).toBe(200);
    const { spreadsheetId } = (await created.json()) as { spreadsheetId: string };
    const write = (id: string) =>
      fetch(`${g.url}/v4/spreadsheets/${id}/values/A1:B1?valueInputOption=RAW`, bearer(token, { method: 'PUT', body: JSON.stringify({ values: [['a', 'b']] }) }));
    expect((await write(spreadsheetId)).status).toBe(200);
    // the seeded longlist (Maya's own, made outside Threadline): readable, not writable
    expect((await fetch(`${g.url}/v4/spreadsheets/${LONGLIST}/values/A1:B2`, bearer(token))).status).toBe(200);
    const refused = await write(LONGLIST);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { status: string } }).error.status).toBe('PERMISSION_DENIED');
  });
});
