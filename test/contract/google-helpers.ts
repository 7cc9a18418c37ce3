import * as oidc from 'openid-client';
import { buildGoogleConfig, createOAuthClient, type GoogleConfig } from '../../functions/lib/google/auth';
import type { GoogleContext } from '../../functions/lib/google/call';
import { SIGN_IN_SCOPES } from '../../functions/lib/identity/oidc';

/**
 * Sign-in against the Google emulator exactly as the backend does it: OIDC discovery,
 * authorization code + PKCE, with login_hint standing in for the account picker.
 */
export const LOCAL_CLIENT = { clientId: 'threadline-local', clientSecret: 'threadline-local-secret' };
export const REDIRECT_URI = 'http://127.0.0.1:5173/auth/callback';
/** What the product asks for (functions/lib/identity/oidc.ts), so the contract follows it. */
export const PRODUCT_SCOPES = SIGN_IN_SCOPES.join(' ');

export const discover = (issuerUrl: string) =>
  oidc.discovery(new URL(issuerUrl), LOCAL_CLIENT.clientId, LOCAL_CLIENT.clientSecret, undefined, {
    // The emulator is plain http on loopback; openid-client refuses http issuers otherwise.
    execute: [oidc.allowInsecureRequests],
  });

export type SignedIn = { config: oidc.Configuration; tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers; authorizationUrl: URL };

export const signIn = async (issuerUrl: string, email: string, scope = PRODUCT_SCOPES): Promise<SignedIn> => {
  const config = await discover(issuerUrl);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: email,
    access_type: 'offline',
    prompt: 'consent',
  });
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status} without a redirect`);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(location), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
  return { config, tokens, authorizationUrl };
};

/** The product's Google config for an emulator at `url`, as local mode sets it from env. */
export const emulatorConfig = (url: string): GoogleConfig =>
  buildGoogleConfig({ GOOGLE_API_ROOT: url, GOOGLE_OAUTH_ISSUER: url, GOOGLE_CLIENT_ID: LOCAL_CLIENT.clientId, GOOGLE_CLIENT_SECRET: LOCAL_CLIENT.clientSecret });

/** Adapter context for one user: their refresh token, no real waiting between retries. */
export const contextFor = (url: string, refreshToken: string, retry: GoogleContext['retry'] = { sleep: async () => {} }): GoogleContext => {
  const config = emulatorConfig(url);
  return { auth: createOAuthClient({ refreshToken, config }), config, retry };
};
