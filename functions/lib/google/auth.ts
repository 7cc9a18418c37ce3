import { OAuth2Client, type Credentials, type gaxios, type OAuth2ClientOptions } from 'google-auth-library';
import { logger } from '../logger';
import { perPlatform } from '../platform/platform';
import { readSecret, SecretUnavailable } from '../platform/secrets';
import { GoogleClientMisconfigured, OAUTH_CLIENT_MISCONFIGURED } from './errors';

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
  /**
   * A fixed client secret, for a config built from explicit values (tests, contract runs against
   * the emulator). The product's own config (googleConfig) has none: the secret is read when a
   * token is refreshed (readSecret), never from the environment.
   */
  clientSecret?: string;
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
  const client = { clientId: env.GOOGLE_CLIENT_ID ?? '', ...(env.GOOGLE_CLIENT_SECRET ? { clientSecret: env.GOOGLE_CLIENT_SECRET } : {}) };
  if (apiRoot) {
    const origin = new URL(apiRoot).origin;
    return {
      ...client,
      issuer: env.GOOGLE_OAUTH_ISSUER || origin,
      apiRoot: origin,
      endpoints: { authorize: `${origin}/o/oauth2/v2/auth`, token: `${origin}/token`, revoke: `${origin}/revoke` },
      roots: { gmail: `${origin}/`, drive: `${origin}/`, sheets: `${origin}/` },
    };
  }
  return {
    ...client,
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

/**
 * Reads the environment once per process and platform (Lambda env is fixed for its lifetime).
 * Never the client secret, even where the environment has one (a developer's shell for real
 * Google): it is read at run time, through the platform, as on AWS.
 */
export const googleConfig: () => GoogleConfig = perPlatform(() => buildGoogleConfig({ ...process.env, GOOGLE_CLIENT_SECRET: undefined }));

/**
 * The OAuth client's secret: a config's fixed one, else Secrets Manager (the local runtime's own
 * value). A secret that is not configured is the deployment's problem, as a refused client is:
 * nobody's grant is at fault and signing in again will not help.
 */
export const googleClientSecret = async (config: GoogleConfig = googleConfig()): Promise<string> => {
  if (config.clientSecret) return config.clientSecret;
  try {
    return await readSecret('googleClientSecret');
  } catch (error) {
    if (!(error instanceof SecretUnavailable)) throw error;
    logger.error(`The Google OAuth client secret cannot be read: ${error.message}`, { code: OAUTH_CLIENT_MISCONFIGURED });
    throw new GoogleClientMisconfigured();
  }
};

/**
 * An OAuth2Client that takes its client secret when it refreshes a token, the one request of
 * ours that sends it: a client built on a cached access token never reads the secret, and a
 * rotated secret reaches a warm Lambda within the secret cache's lifetime.
 */
class SecretOnRefreshClient extends OAuth2Client {
  constructor(
    options: OAuth2ClientOptions,
    private readonly config: GoogleConfig,
  ) {
    super(options);
  }

  protected override async refreshTokenNoCache(refreshToken?: string | null) {
    if (refreshToken) this._clientSecret = await googleClientSecret(this.config);
    return super.refreshTokenNoCache(refreshToken);
  }
}

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
  if (!config.clientId) throw new Error('GOOGLE_CLIENT_ID must be set');
  const client = new SecretOnRefreshClient(
    {
      clientId: config.clientId,
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
    },
    config,
  );
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
