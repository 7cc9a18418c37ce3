import { describe, expect, it } from 'vitest';
import { loginUrl, safeRedirectPath } from './login-url';

describe('loginUrl', () => {
  it('points at the backend login, carrying the invite token when present', () => {
    expect(loginUrl()).toBe('/auth/login');
    expect(loginUrl('abc 123')).toBe('/auth/login?invite=abc+123');
  });
});

describe('safeRedirectPath', () => {
  it('accepts same-origin paths only', () => {
    expect(safeRedirectPath('/campaigns?x=1')).toBe('/campaigns?x=1');
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
  });
});
