import { describe, expect, it } from 'vitest';
import { matches, mentionsSpamOrTrash, parseGmailDate, parseQuery, printQuery, tokenize, type Searchable } from './gmail-query';

const NOW = Date.parse('2026-11-15T12:00:00Z');
const DAY = 86_400_000;

const msg = (over: Partial<Searchable> = {}): Searchable => ({
  from: [{ name: 'Ava Johnson', email: 'ava.johnson@gmail.com' }],
  to: [{ name: 'Maya Okafor', email: 'maya@brightwave-agency.com' }],
  cc: [{ name: 'Jordan Blake', email: 'jordan@northstar-talent.com' }],
  bcc: [],
  subject: 'Re: Paid partnership: Lumière Skin x Ava',
  body: 'Hi Maya,\n\nMy rate for 1x TikTok video is $4,500 USD, including 30 days of organic usage.\n\nAva',
  labelIds: ['INBOX', 'CATEGORY_PERSONAL', 'UNREAD'],
  internalDate: NOW - 3 * DAY,
  messageId: '<CAabc123@mail.gmail.com>',
  sizeEstimate: 4000,
  ...over,
});

const hit = (q: string, m: Searchable = msg(), me = 'maya@brightwave-agency.com') => matches(parseQuery(q), m, { now: NOW, me });

describe('tokenize', () => {
  it('splits operators, words, phrases, groups and negation', () => {
    expect(tokenize('from:a@b.com -subject:"rate card" (x OR y) {p q}').map((t) => t.t)).toEqual([
      'op', 'word', 'minus', 'op', 'phrase', 'lparen', 'word', 'or', 'word', 'rparen', 'lbrace', 'word', 'word', 'rbrace',
    ]);
  });
  it('keeps hyphens inside words and unknown prefixes as words', () => {
    expect(tokenize('glow-serum re:hello')).toEqual([
      { t: 'word', v: 'glow-serum', adjacent: false },
      { t: 'word', v: 're:hello', adjacent: false },
    ]);
  });
  it('treats lower-case "or" as a word and OR as the operator', () => {
    expect(tokenize('a or b').map((t) => t.t)).toEqual(['word', 'word', 'word']);
    expect(tokenize('a OR b').map((t) => t.t)).toEqual(['word', 'or', 'word']);
  });
  it('lower-cases operator names', () => {
    expect(tokenize('FROM:x')[0]).toEqual({ t: 'op', v: 'from', adjacent: false });
  });
});

describe('parseQuery', () => {
  it('builds implicit AND, OR with lower precedence, and negation', () => {
    expect(printQuery(parseQuery('a b OR c'))).toBe('((a b) OR c)');
    expect(printQuery(parseQuery('a (b OR c) -d'))).toBe('(a (b OR c) -d)');
    expect(printQuery(parseQuery('a AND b'))).toBe('(a b)');
  });
  it('distributes an operator over a group value', () => {
    expect(printQuery(parseQuery('from:(a@x.com OR b@y.com)'))).toBe('(from:a@x.com OR from:b@y.com)');
    expect(printQuery(parseQuery('to:{a@x.com b@y.com}'))).toBe('(to:a@x.com OR to:b@y.com)');
    expect(printQuery(parseQuery('-from:(a OR b)'))).toBe('-(from:a OR from:b)');
  });
  it('reads {a b} as any-of', () => {
    expect(printQuery(parseQuery('{from:a from:b} rate'))).toBe('((from:a OR from:b) rate)');
  });
  it('keeps quoted phrases and quoted operator values', () => {
    expect(parseQuery('subject:"rate card"')).toEqual({ type: 'term', field: 'subject', value: 'rate card', quoted: true });
    expect(parseQuery('"go live"')).toEqual({ type: 'term', field: null, value: 'go live', quoted: true });
  });
  it('is lenient like Gmail: stray or missing parentheses, empty operators', () => {
    expect(printQuery(parseQuery('(a b'))).toBe('(a b)');
    expect(printQuery(parseQuery('a) b'))).toBe('(a b)');
    expect(parseQuery('')).toEqual({ type: 'and', children: [] });
    expect(parseQuery('from: x')).toEqual({ type: 'and', children: [{ type: 'term', field: 'from', value: '', quoted: false }, { type: 'term', field: null, value: 'x', quoted: false }] });
  });
  it('parses nested groups', () => {
    expect(printQuery(parseQuery('(from:a OR (to:b cc:c)) after:2026/01/01'))).toBe('((from:a OR (to:b cc:c)) after:2026/01/01)');
  });
});

describe('matches: addresses', () => {
  it('matches exact addresses case-insensitively in from/to/cc', () => {
    expect(hit('from:ava.johnson@gmail.com')).toBe(true);
    expect(hit('from:AVA.JOHNSON@GMAIL.COM')).toBe(true);
    expect(hit('to:maya@brightwave-agency.com')).toBe(true);
    expect(hit('cc:jordan@northstar-talent.com')).toBe(true);
    expect(hit('from:jordan@northstar-talent.com')).toBe(false);
  });
  it('does not match an address that merely contains the value', () => {
    expect(hit('from:va.johnson@gmail.com')).toBe(false);
    expect(hit('from:johnson@gmail.com')).toBe(false);
  });
  it('matches quoted and <bracketed> addresses', () => {
    expect(hit('from:"ava.johnson@gmail.com"')).toBe(true);
    expect(hit('from:<ava.johnson@gmail.com>')).toBe(true);
  });
  it('matches domains, @domains, names and local parts', () => {
    expect(hit('cc:northstar-talent.com')).toBe(true);
    expect(hit('cc:@northstar-talent.com')).toBe(true);
    expect(hit('from:gmail.com')).toBe(true);
    expect(hit('from:ava')).toBe(true);
    expect(hit('from:"Ava Johnson"')).toBe(true);
    expect(hit('from:jordan')).toBe(false);
  });
  it('resolves "me"', () => {
    expect(hit('to:me')).toBe(true);
    expect(hit('from:me')).toBe(false);
  });
  it('supports the typical contact query (talent or manager, any header)', () => {
    const q = 'from:(ava.johnson@gmail.com OR jordan@northstar-talent.com) OR to:(ava.johnson@gmail.com OR jordan@northstar-talent.com) OR cc:(ava.johnson@gmail.com OR jordan@northstar-talent.com)';
    expect(hit(q)).toBe(true);
    expect(hit(q, msg({ from: [{ name: 'X', email: 'x@y.com' }], cc: [] }))).toBe(false);
    expect(hit(q, msg({ from: [{ name: 'X', email: 'x@y.com' }], to: [{ name: '', email: 'jordan@northstar-talent.com' }], cc: [] }))).toBe(true);
  });
});

describe('matches: text', () => {
  it('matches bare words in subject and body, case-insensitively, whole words only', () => {
    expect(hit('tiktok')).toBe(true);
    expect(hit('TikTok usage')).toBe(true);
    expect(hit('tik')).toBe(false);
    expect(hit('lumière')).toBe(true);
  });
  it('matches phrases as consecutive words', () => {
    expect(hit('"organic usage"')).toBe(true);
    expect(hit('"usage organic"')).toBe(false);
  });
  it('matches subject: only in the subject', () => {
    expect(hit('subject:partnership')).toBe(true);
    expect(hit('subject:tiktok')).toBe(false);
    expect(hit('subject:"paid partnership"')).toBe(true);
  });
  it('finds addresses as bare terms (headers are searchable)', () => {
    expect(hit('jordan@northstar-talent.com')).toBe(true);
  });
  it('negates, ORs and groups', () => {
    expect(hit('-tiktok')).toBe(false);
    expect(hit('youtube OR tiktok')).toBe(true);
    expect(hit('youtube OR instagram')).toBe(false);
    expect(hit('(youtube OR tiktok) -declined')).toBe(true);
    expect(hit('{youtube instagram tiktok}')).toBe(true);
    expect(hit('rate -(youtube OR tiktok)')).toBe(false);
  });
});

describe('matches: labels and state', () => {
  it('supports in:, label:, is:, category:', () => {
    expect(hit('in:inbox')).toBe(true);
    expect(hit('in:sent')).toBe(false);
    expect(hit('label:unread')).toBe(true);
    expect(hit('is:unread')).toBe(true);
    expect(hit('is:read')).toBe(false);
    expect(hit('category:primary')).toBe(true);
    expect(hit('category:updates')).toBe(false);
    expect(hit('in:anywhere')).toBe(true);
    expect(hit('has:attachment')).toBe(false);
  });
  it('knows when a query lifts the spam/trash exclusion', () => {
    expect(mentionsSpamOrTrash(parseQuery('in:spam'))).toBe(true);
    expect(mentionsSpamOrTrash(parseQuery('from:x (a OR in:anywhere)'))).toBe(true);
    expect(mentionsSpamOrTrash(parseQuery('from:x'))).toBe(false);
  });
  it('matches rfc822msgid and sizes', () => {
    expect(hit('rfc822msgid:CAabc123@mail.gmail.com')).toBe(true);
    expect(hit('rfc822msgid:<CAabc123@mail.gmail.com>')).toBe(true);
    expect(hit('larger:3k')).toBe(true);
    expect(hit('smaller:3k')).toBe(false);
  });
});

describe('matches: dates', () => {
  it('parses YYYY/MM/DD as midnight America/Los_Angeles (PST in winter, PDT in summer)', () => {
    expect(parseGmailDate('2026/01/10')).toBe(Date.parse('2026-01-10T08:00:00Z'));
    expect(parseGmailDate('2026-07-01')).toBe(Date.parse('2026-07-01T07:00:00Z'));
    expect(parseGmailDate('1/10/2026')).toBe(Date.parse('2026-01-10T08:00:00Z'));
  });
  it('parses epoch seconds and rejects junk', () => {
    expect(parseGmailDate('1767225600')).toBe(1767225600_000);
    expect(parseGmailDate('yesterday')).toBeUndefined();
    expect(parseGmailDate('2026/13/01')).toBeUndefined();
  });
  it('applies after:/before: (after inclusive, before exclusive)', () => {
    const m = msg({ internalDate: Date.parse('2026-01-10T09:00:00Z') });
    expect(hit('after:2026/01/10', m)).toBe(true);
    expect(hit('after:2026/01/11', m)).toBe(false);
    expect(hit('before:2026/01/11', m)).toBe(true);
    expect(hit('before:2026/01/10', m)).toBe(false);
    expect(hit(`after:${Date.parse('2026-01-10T08:59:00Z') / 1000} before:${Date.parse('2026-01-10T09:01:00Z') / 1000}`, m)).toBe(true);
    expect(hit('after:2026/01/01 before:2026/02/01', m)).toBe(true);
    expect(hit('older:2026/01/11 newer:2026/01/09', m)).toBe(true);
  });
  it('applies newer_than:/older_than: relative to the clock', () => {
    expect(hit('newer_than:7d')).toBe(true);
    expect(hit('newer_than:2d')).toBe(false);
    expect(hit('older_than:2d')).toBe(true);
    expect(hit('newer_than:1m')).toBe(true);
    expect(hit('older_than:1y')).toBe(false);
    expect(hit('newer_than:72h')).toBe(false);
    expect(hit('newer_than:xyz')).toBe(false);
  });
});
