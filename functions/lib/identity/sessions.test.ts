import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearedSessionCookie, sessionCookie } from './sessions';

describe('session cookie', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is HttpOnly, SameSite=Lax, Path=/, with the absolute lifetime as Max-Age', () => {
    vi.stubEnv('APP_URL', 'http://127.0.0.1:3000');
    const expiresAt = new Date(Date.now() + 30 * 24 * 3600_000 + 500).toISOString();
    expect(sessionCookie('abc', expiresAt)).toBe('tl_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000');
  });

  it('adds Secure when the app is served over https', () => {
    vi.stubEnv('APP_URL', 'https://threadline.example.com');
    expect(sessionCookie('abc', new Date(Date.now() + 60_500).toISOString())).toBe('tl_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure');
    expect(clearedSessionCookie()).toMatch(/^tl_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0; .*; Secure$/);
  });
});
