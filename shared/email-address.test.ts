import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, isEmailAddress, normalizeEmailAddress, parseEmailAddress } from './email-address';

describe('normalizeEmailAddress', () => {
  it('folds compatibility forms (NFKC), removes zero-width characters, trims and lower-cases', () => {
    expect(normalizeEmailAddress(' Maya@X.com ')).toBe('maya@x.com');
    // The dotted capital I is one contact with the plain i, never "i" plus a combining dot.
    expect(normalizeEmailAddress('\u0130nfo@x.com')).toBe('info@x.com');
    expect(isEmailAddress(normalizeEmailAddress('\u0130NFO@X.COM'))).toBe(true);
    for (const zw of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']) {
      expect(normalizeEmailAddress(`ma${zw}ya@x.com`)).toBe('maya@x.com');
      expect(normalizeEmailAddress(`${zw}maya@x.com${zw}`)).toBe('maya@x.com');
    }
    expect(normalizeEmailAddress('ｍａｙａ＠ｘ．ｃｏｍ')).toBe('maya@x.com'); // full-width forms
    expect(normalizeEmailAddress('\u00A0maya@x.com\u3000')).toBe('maya@x.com'); // no-break and ideographic spaces
    expect(normalizeEmailAddress('jose\u0301@x.com')).toBe('jos\u00e9@x.com'); // composed
  });
});

describe('isEmailAddress', () => {
  it('accepts one bare address', () => {
    for (const good of ['maya@x.com', 'maya.okafor+collabs@brightwave-agency.com', "o'neil@x.co.uk", 'a_b%c-d@mail.example.org', 'jos\u00e9@caf\u00e9.fr', 'x@xn--caf-dma.com']) {
      expect(isEmailAddress(good), good).toBe(true);
    }
  });

  it('refuses anything a Gmail query or a header could read as more than one address', () => {
    const bad = [
      '',
      'maya',
      'maya@x',
      'maya@@x.com',
      'nobody@x.com OR is:anywhere',
      'nobody@x.com is:anywhere',
      'a@x.com,b@x.com',
      'a@x.com;b@x.com',
      '{a@x.com}',
      'a}@x.com',
      '(a)@x.com',
      'a@x.com)',
      '"a b"@x.com',
      'a"@x.com',
      'is:anywhere@x.com',
      'a@x.com\tb',
      'a@x.com\n',
      'Maya <maya@x.com>',
      'a\\b@x.com',
      '-a@x.com',
      '.a@x.com',
      'a.@x.com',
      'a..b@x.com',
      'a@-x.com',
      'a@x-.com',
      'a@x..com',
      'a@x.c',
      'a@x.com.',
      'a[b]@x.com',
      'a*@x.com',
      'a@x.com*',
      'ma\u200Bya@x.com', // not normalised yet
      'MAYA@X.COM', // not normalised yet
      `${'a'.repeat(65)}@x.com`,
      `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`,
    ];
    for (const value of bad) expect(isEmailAddress(value), JSON.stringify(value)).toBe(false);
  });
});

describe('parseEmailAddress', () => {
  it('normalises, then answers the address only when it is one bare address', () => {
    expect(parseEmailAddress(' MA\u200BYA@X.com ')).toBe('maya@x.com');
    expect(parseEmailAddress('nobody@x.com OR is:anywhere')).toBeUndefined();
    expect(parseEmailAddress(undefined)).toBeUndefined();
    expect(parseEmailAddress(`${'a'.repeat(60)}@${'b'.repeat(EMAIL_MAX)}.com`)).toBeUndefined();
  });
});
