import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

// Each of these, handed to location.replace() or a 302 Location, would leave the site (or is not
// a plain same-origin path): browsers strip tab/CR/LF anywhere in a URL, strip leading and
// trailing C0 controls and spaces, and read "\" as "/" in http(s) URLs.
const HOSTILE: Array<string | null | undefined> = [
  undefined,
  null,
  '',
  'campaigns',
  'https://evil.example',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/\u0000/evil.example',
  '/\u001f/evil.example',
  '/\u007f/evil.example',
  '/a\nb',
  '/%09/evil.example',
  '/%2F/evil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%0a/evil.example',
  '/%E0%A4%A', // not decodable
  `/${'a'.repeat(600)}`,
];

describe('safeRedirectPath', () => {
  it.each(HOSTILE.map((value) => [JSON.stringify(value), value]))('refuses %s', (_label, value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });

  it('keeps same-origin paths, with their query and fragment', () => {
    for (const good of ['/', '/campaigns', '/campaigns?x=1', '/talents/maya%40x.com', '/queues#needs-reply', '/campaigns?q=a%20b&sort=-last']) {
      expect(safeRedirectPath(good)).toBe(good);
    }
  });

  it('answers the caller-given fallback when the target is refused', () => {
    expect(safeRedirectPath('//evil.example', '/agencies')).toBe('/agencies');
    expect(safeRedirectPath('/campaigns', '/agencies')).toBe('/campaigns');
  });
});
