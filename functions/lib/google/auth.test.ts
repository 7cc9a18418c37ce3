import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPlatform } from '../platform/platform';
import { SecretUnavailable } from '../platform/secrets';
import { buildGoogleConfig, createOAuthClient, googleConfig, isRealGoogle, type GoogleTransport } from './auth';
import { callGoogle } from './call';
import { GoogleClientMisconfigured } from './errors';

afterEach(() => {
  delete process.env.GOOGLE_API_ROOT;
  vi.unstubAllEnvs();
  installPlatform({});
});

/** Google's token endpoint: answers each refresh and keeps the form it was sent. */
const tokenEndpoint = () => {
  const forms: URLSearchParams[] = [];
  const transport: GoogleTransport = async (options) => {
    forms.push(new URLSearchParams(String(options.data)));
    const data = { access_token: `ya29.${forms.length}`, expires_in: 3599, token_type: 'Bearer' };
    return Object.assign(new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } }), { config: options, data }) as never;
  };
  return { forms, transport };
};

describe('Google configuration', () => {
  it('points every endpoint and API root at another origin when GOOGLE_API_ROOT is set', () => {
    const config = buildGoogleConfig({ GOOGLE_API_ROOT: 'http://127.0.0.1:9090/', GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config).toEqual({
      clientId: 'client',
      clientSecret: 'secret',
      issuer: 'http://127.0.0.1:9090',
      apiRoot: 'http://127.0.0.1:9090',
      endpoints: {
        authorize: 'http://127.0.0.1:9090/o/oauth2/v2/auth',
        token: 'http://127.0.0.1:9090/token',
        revoke: 'http://127.0.0.1:9090/revoke',
      },
      roots: { gmail: 'http://127.0.0.1:9090/', drive: 'http://127.0.0.1:9090/', sheets: 'http://127.0.0.1:9090/' },
    });
    expect(isRealGoogle(config)).toBe(false);
  });

  it('uses Google itself otherwise, with the configured client', () => {
    const config = buildGoogleConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 's' });
    expect(config.issuer).toBe('https://accounts.google.com');
    expect(config.roots).toEqual({ gmail: 'https://gmail.googleapis.com/', drive: 'https://www.googleapis.com/', sheets: 'https://sheets.googleapis.com/' });
    expect(isRealGoogle(config)).toBe(true);
    const client = createOAuthClient({ refreshToken: 'r', config });
    expect(String(client.endpoints.oauth2TokenUrl)).toBe('https://oauth2.googleapis.com/token');
    expect(client.credentials.refresh_token).toBe('r');
  });

  it('reads the environment once per process and installed platform', () => {
    process.env.GOOGLE_API_ROOT = 'http://127.0.0.1:1111';
    expect(googleConfig().apiRoot).toBe('http://127.0.0.1:1111');
    process.env.GOOGLE_API_ROOT = 'http://127.0.0.1:2222';
    expect(googleConfig().apiRoot).toBe('http://127.0.0.1:1111');
    installPlatform({});
    expect(googleConfig().apiRoot).toBe('http://127.0.0.1:2222');
  });

  it('refuses to build a client without a client id', () => {
    expect(() => createOAuthClient({ refreshToken: 'r', config: buildGoogleConfig({}) })).toThrow('GOOGLE_CLIENT_ID must be set');
  });
});

describe('the OAuth client secret, read at run time', () => {
  it('never takes the secret from the environment, even where the environment has one', () => {
    vi.stubEnv('GOOGLE_CLIENT_ID', 'id.apps.googleusercontent.com');
    vi.stubEnv('GOOGLE_CLIENT_SECRET', 'from-the-shell');
    expect(googleConfig().clientSecret).toBeUndefined();
    expect(googleConfig().clientId).toBe('id.apps.googleusercontent.com');
  });

  it("sends the platform's secret with each refresh, read when the token is refreshed", async () => {
    const values = ['GOCSPX-first', 'GOCSPX-rotated'];
    const reads: string[] = [];
    installPlatform({ readSecret: async (id) => (reads.push(id), values.shift()!) });
    const { forms, transport } = tokenEndpoint();
    const client = createOAuthClient({ refreshToken: '1//refresh', config: buildGoogleConfig({ GOOGLE_CLIENT_ID: 'id' }), adapter: transport });
    expect(reads).toEqual([]);
    await client.refreshAccessToken();
    await client.refreshAccessToken();
    expect(reads).toEqual(['googleClientSecret', 'googleClientSecret']);
    expect(forms.map((form) => [form.get('grant_type'), form.get('client_id'), form.get('client_secret'), form.get('refresh_token')])).toEqual([
      ['refresh_token', 'id', 'GOCSPX-first', '1//refresh'],
      ['refresh_token', 'id', 'GOCSPX-rotated', '1//refresh'],
    ]);
  });

  it('never reads the secret for a client on a valid cached access token', async () => {
    const reads: string[] = [];
    installPlatform({ readSecret: async (id) => (reads.push(id), 'GOCSPX') });
    const { forms, transport } = tokenEndpoint();
    const client = createOAuthClient({ refreshToken: '', accessToken: 'ya29.cached', expiryDate: Date.now() + 3_000_000, config: buildGoogleConfig({ GOOGLE_CLIENT_ID: 'id' }), adapter: transport });
    await expect(client.getAccessToken()).resolves.toMatchObject({ token: 'ya29.cached' });
    expect(reads).toEqual([]);
    expect(forms).toEqual([]);
  });

  it('uses a fixed secret of its config without reading one', async () => {
    installPlatform({ readSecret: async () => expect.unreachable('the fixed secret is used') });
    const { forms, transport } = tokenEndpoint();
    await createOAuthClient({ refreshToken: 'r', config: buildGoogleConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'fixed' }), adapter: transport }).refreshAccessToken();
    expect(forms[0]!.get('client_secret')).toBe('fixed');
  });

  it("fails a refresh as the deployment's configuration problem when the secret is not configured, before any token request", async () => {
    installPlatform({ readSecret: async () => Promise.reject(new SecretUnavailable('GOOGLE_CLIENT_SECRET_ID is not set')) });
    const { forms, transport } = tokenEndpoint();
    const client = createOAuthClient({ refreshToken: 'r', config: buildGoogleConfig({ GOOGLE_CLIENT_ID: 'id' }), adapter: transport });
    await expect(client.getAccessToken()).rejects.toBeInstanceOf(GoogleClientMisconfigured);
    expect(forms).toEqual([]);

    // A Google call fails with it at once: retrying cannot configure the secret.
    let attempts = 0;
    const call = callGoogle({ auth: client, retry: { sleep: async () => {}, random: () => 0 } }, { api: 'gmail', operation: 'users.getProfile' }, async () => {
      attempts += 1;
      return client.getAccessToken();
    });
    await expect(call).rejects.toBeInstanceOf(GoogleClientMisconfigured);
    expect(attempts).toBe(1);
  });

  it('passes a transient failure to read it (Secrets Manager throttled or unreachable) on as it is', async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'GetParameterError' });
    installPlatform({ readSecret: async () => Promise.reject(throttled) });
    const client = createOAuthClient({ refreshToken: 'r', config: buildGoogleConfig({ GOOGLE_CLIENT_ID: 'id' }), adapter: tokenEndpoint().transport });
    await expect(client.getAccessToken()).rejects.toBe(throttled);
  });
});
