import { describe, expect, it } from 'vitest';
import { mailboxFormDefaults, mailboxFormSchema, mailboxLimitsText, splitAddresses, toConnectBody } from './mailbox-form';

describe('mailbox form', () => {
  it('splits addresses on commas, semicolons and spaces, dropping blanks', () => {
    expect(splitAddresses(' a@x.com,b@y.com ;  c@z.com  ,, ')).toEqual(['a@x.com', 'b@y.com', 'c@z.com']);
    expect(splitAddresses('   ')).toEqual([]);
  });

  it('needs consent, names a wrong address, refuses more than 20 and an impossible day', () => {
    const issues = (values: Parameters<typeof mailboxFormSchema.safeParse>[0]) =>
      mailboxFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ consent: false, from_addresses: '', after: '' })).toEqual([['consent', 'Tick the box to give your consent first']]);
    expect(issues({ consent: true, from_addresses: 'a@x.com, nope', after: '' })).toEqual([
      ['from_addresses', '"nope" is not a valid e-mail address'],
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@x.com`).join(', ');
    expect(issues({ consent: true, from_addresses: many, after: '' })).toEqual([['from_addresses', 'At most 20 addresses']]);
    expect(issues({ consent: true, from_addresses: '', after: '2026-02-30' })).toEqual([['after', 'Choose a date (yyyy-MM-dd)']]);
  });

  it('builds the connect body with normalised addresses and a null day when empty', () => {
    const parsed = mailboxFormSchema.parse({ consent: true, from_addresses: 'Ana@Talent.test; b@y.com', after: '' });
    expect(toConnectBody(parsed)).toEqual({ from_addresses: ['ana@talent.test', 'b@y.com'], after: null });
    expect(toConnectBody(mailboxFormSchema.parse({ consent: true, from_addresses: '', after: '2026-01-05' }))).toEqual({
      from_addresses: [],
      after: '2026-01-05',
    });
  });

  it('starts from the saved connection', () => {
    expect(mailboxFormDefaults(undefined, false)).toEqual({ consent: false, from_addresses: '', after: '' });
    expect(mailboxFormDefaults({ from_addresses: ['a@x.com', 'b@y.com'], after: '2026-01-05' } as never, true)).toEqual({
      consent: true,
      from_addresses: 'a@x.com, b@y.com',
      after: '2026-01-05',
    });
  });

  it('words the limits', () => {
    expect(mailboxLimitsText({ from_addresses: [], after: null })).toBe('All tracked mail');
    expect(mailboxLimitsText({ from_addresses: ['a@x.com'], after: null })).toBe('Only mail from/to a@x.com');
    expect(mailboxLimitsText({ from_addresses: [], after: '2026-01-05' })).toBe('On or after 2026-01-05');
    expect(mailboxLimitsText({ from_addresses: ['a@x.com', 'b@y.com'], after: '2026-01-05' })).toBe('Only mail from/to a@x.com, b@y.com, on or after 2026-01-05');
  });
});
