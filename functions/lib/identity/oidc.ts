import * as oidc from 'openid-client';
import { googleClientSecret } from '../google/auth';

/**
 * The OpenID Connect client of the sign-in (backend-for-frontend). The Configuration comes from
 * discovery of GOOGLE_OAUTH_ISSUER and is cached per cold start (per issuer and client id).
 */
export const SIGN_IN_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/drive.file',
  'https://www.googleapis.com/auth/spreadsheets.readonly',
] as const;

const configs = new Map<string, Promise<oidc.Configuration>>();

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/**
 * client_secret_post with the secret read when the code is exchanged, the one request that sends
 * it: starting a sign-in never reads it, and a rotated secret is used without discovering the
 * issuer again.
 */
// openid-client types a client authentication as returning void, but hands it to oauth4webapi,
// whose own type is `void | Promise<void>` and which awaits it before sending the request.
// eslint-disable-next-line @typescript-eslint/no-misused-promises
const clientSecretPost: oidc.ClientAuth = async (...args) => oidc.ClientSecretPost(await googleClientSecret())(...args);

export const oidcConfiguration = (): Promise<oidc.Configuration> => {
  const issuer = required('GOOGLE_OAUTH_ISSUER');
  const clientId = required('GOOGLE_CLIENT_ID');
  const cacheKey = `${issuer}|${clientId}`;
  let pending = configs.get(cacheKey);
  if (!pending) {
    const insecure = new URL(issuer).protocol === 'http:';
    pending = oidc.discovery(new URL(issuer), clientId, undefined, clientSecretPost, {
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      timeout: 10,
    });
    // a failed discovery is not cached: the next request tries again
    pending.catch(() => configs.delete(cacheKey));
    configs.set(cacheKey, pending);
  }
  return pending;
};

export const redirectUri = (): string => `${required('APP_URL').replace(/\/+$/, '')}/auth/callback`;

export type AuthorizationRequest = { url: URL; state: string; nonce: string; codeVerifier: string };

export const buildSignInUrl = async (options: { loginHint?: string }): Promise<AuthorizationRequest> => {
  const config = await oidcConfiguration();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri(),
    scope: SIGN_IN_SCOPES.join(' '),
    response_type: 'code',
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    state,
    nonce,
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
  };
  if (options.loginHint) parameters.login_hint = options.loginHint;
  return { url: oidc.buildAuthorizationUrl(config, parameters), state, nonce, codeVerifier };
};

export type SignInResult = {
  email: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
  subject: string;
  refreshToken?: string;
  scopes: string[];
};

/** Exchanges the code (PKCE verifier, state and nonce checked) and reads the id_token claims. */
export const completeSignIn = async (callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<SignInResult> => {
  const config = await oidcConfiguration();
  // Read before the exchange too (then cached): openid-client would wrap a failure to read it,
  // inside the exchange, as "something went wrong".
  await googleClientSecret();
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The identity provider returned no id_token');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  return {
    email,
    emailVerified: claims.email_verified !== false,
    name: typeof claims.name === 'string' ? claims.name : undefined,
    picture: typeof claims.picture === 'string' ? claims.picture : undefined,
    subject: claims.sub,
    refreshToken: tokens.refresh_token,
    scopes: (tokens.scope ?? '').split(/\s+/).filter(Boolean),
  };
};
