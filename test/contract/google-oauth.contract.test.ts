import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthClient } from '../../functions/lib/google/auth';
import { GoogleAuthRevoked } from '../../functions/lib/google/errors';
import { createGmailClient } from '../../functions/lib/google/gmail';
import { createGmailQuotaLimiter } from '../../functions/lib/google/gmail-quota';
import { startGoogleEmulator, type GoogleEmulator } from '../emulators/google/server';
import { contextFor, emulatorConfig, LOCAL_CLIENT, PRODUCT_SCOPES, REDIRECT_URI, signIn } from './google-helpers';

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
