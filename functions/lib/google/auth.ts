import { OAuth2Client, type Credentials, type gaxios } from 'google-auth-library';
import { perPlatform } from '../platform/platform';

/** Replaces the HTTP call of gaxios (tests only): sees the full request, may answer it. */
export type GoogleTransport = NonNullable<gaxios.GaxiosOptions['adapter']>;

/**
 * Where Google is. With GOOGLE_API_ROOT set (local mode) every API, the token and the revoke
 * endpoints point at the emulator; without it, at Google. The same clients serve both, only
 * the URLs differ: googleapis takes `rootUrl` per client (the global option does not
 * redirect) and google-auth-library takes `endpoints`.
 */
export type GoogleConfig = {
  clientId: string;
  clientSecret: string;
  /** OIDC issuer for sign-in (openid-client discovery). */
  issuer: string;
  /** Emulator origin, e.g. http://127.0.0.1:9090; undefined for real Google. */
  apiRoot?: string;
  endpoints: { authorize: string; token: string; revoke: string };
  roots: { gmail: string; drive: string; sheets: string };
};

const REAL_ROOTS = {
  gmail: 'https://gmail.googleapis.com/',
  drive: 'https://www.googleapis.com/',
  sheets: 'https://sheets.googleapis.com/',
};

export const buildGoogleConfig = (env: Record<string, string | undefined>): GoogleConfig => {
  const apiRoot = env.GOOGLE_API_ROOT?.trim().replace(/\/+$/, '') || undefined;
  if (apiRoot) {
    const origin = new URL(apiRoot).origin;
    return {
      clientId: env.GOOGLE_CLIENT_ID ?? '',
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
      issuer: env.GOOGLE_OAUTH_ISSUER || origin,
      apiRoot: origin,
      endpoints: { authorize: `${origin}/o/oauth2/v2/auth`, token: `${origin}/token`, revoke: `${origin}/revoke` },
      roots: { gmail: `${origin}/`, drive: `${origin}/`, sheets: `${origin}/` },
    };
  }
  return {
    clientId: env.GOOGLE_CLIENT_ID ?? '',
    clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
    issuer: env.GOOGLE_OAUTH_ISSUER || 'https://accounts.google.com',
    endpoints: {
      authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      revoke: 'https://oauth2.googleapis.com/revoke',
    },
    roots: { ...REAL_ROOTS },
  };
};

/**
 * Node's own fetch for every Google request. gaxios would otherwise load node-fetch and its
 * stream polyfills (~110 KB per bundle); the Lambda bundles alias node-fetch away.
 */
export const nativeFetch = (...args: Parameters<typeof fetch>): ReturnType<typeof fetch> => fetch(...args);

/** Reads the environment once per process and platform (Lambda env is fixed for its lifetime). */
export const googleConfig: () => GoogleConfig = perPlatform(() => buildGoogleConfig(process.env));

export const isRealGoogle = (config: GoogleConfig = googleConfig()): boolean => config.apiRoot === undefined;

export type OAuthClientInput = {
  refreshToken: string;
  accessToken?: string;
  expiryDate?: number;
  config?: GoogleConfig;
  /** Intercepts every HTTP call (token refresh included): contract tests, never production. */
  adapter?: GoogleTransport;
  /** Google may rotate the refresh token; the caller stores the new one (encrypted). */
  onTokens?: (tokens: Credentials) => void;
};

/**
 * An OAuth2Client for one user's refresh token. Token requests do not retry inside gaxios:
 * our retry policy wraps whole calls, and retries nested in retries multiply.
 */
export const createOAuthClient = (input: OAuthClientInput): OAuth2Client => {
  const config = input.config ?? googleConfig();
  if (!config.clientId || !config.clientSecret) {
    throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set');
  }
  const client = new OAuth2Client({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    endpoints: {
      oauth2TokenUrl: config.endpoints.token,
      oauth2RevokeUrl: config.endpoints.revoke,
      oauth2AuthBaseUrl: config.endpoints.authorize,
    },
    issuers: [config.issuer],
    transporterOptions: {
      retryConfig: { retry: 0, noResponseRetries: 0 },
      fetchImplementation: nativeFetch,
      ...(input.adapter ? { adapter: input.adapter } : {}),
    },
  });
  client.setCredentials({
    refresh_token: input.refreshToken,
    ...(input.accessToken ? { access_token: input.accessToken } : {}),
    ...(input.expiryDate ? { expiry_date: input.expiryDate } : {}),
  });
  if (input.onTokens) client.on('tokens', input.onTokens);
  return client;
};

/** Drops the cached access token so the next call refreshes: used once after a 401. */
export const forgetAccessToken = (client: OAuth2Client): void => {
  const { access_token: _dropped, expiry_date: _expiry, ...rest } = client.credentials;
  client.setCredentials(rest);
};
