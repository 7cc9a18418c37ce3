import { afterEach, describe, expect, it } from 'vitest';
import { installPlatform } from '../platform/platform';
import { buildGoogleConfig, createOAuthClient, googleConfig, isRealGoogle } from './auth';

afterEach(() => {
  delete process.env.GOOGLE_API_ROOT;
  installPlatform({});
});

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

  it('refuses to build a client without credentials for real Google', () => {
    expect(() => createOAuthClient({ refreshToken: 'r', config: buildGoogleConfig({}) })).toThrow(/GOOGLE_CLIENT_ID/);
  });
});
