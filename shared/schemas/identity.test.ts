import { describe, expect, it } from 'vitest';
import { acceptInviteBody, agencySlug, apiKeyProblem, createAgencyBody, inviteBody, safeRedirectPath } from './identity';

describe('identity schemas', () => {
  it('derives the agency id from the typed name', () => {
    expect(agencySlug('  Brightwave   Agency! ')).toBe('brightwave-agency');
    expect(agencySlug('Café -- Crème')).toBe('cafe-creme');
    expect(agencySlug('---A__B---')).toBe('a-b');
    expect(agencySlug('!!!')).toBe('');
  });

  it('checks the agency name with the spec message', () => {
    expect(createAgencyBody.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe('Please provide a name to continue.');
    expect(createAgencyBody.safeParse({}).error?.issues[0]?.message).toBe('Please provide a name to continue.');
    expect(createAgencyBody.parse({ name: ' Acme ' })).toEqual({ name: 'Acme', connect_mailbox: true });
    expect(createAgencyBody.parse({ name: 'Acme', connect_mailbox: false })).toEqual({ name: 'Acme', connect_mailbox: false });
  });

  it('normalises invitation payloads', () => {
    expect(inviteBody.parse({ email: ' Ana@Example.COM ', role: 'admin' })).toEqual({ email: 'ana@example.com', role: 'member' });
    expect(inviteBody.parse({ email: 'a@b', role: 'owner' })).toEqual({ email: 'a@b', role: 'owner' });
    expect(inviteBody.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe('Please enter a valid email address');
    expect(inviteBody.parse({ email: '\u200BAna@Example.com\uFEFF', role: 'member' }).email).toBe('ana@example.com');
    expect(inviteBody.parse({ email: 'ａｎａ@example.com', role: 'member' }).email).toBe('ana@example.com');
    expect(acceptInviteBody.safeParse({}).success).toBe(false);
    expect(acceptInviteBody.safeParse({ invite_token: 'a'.repeat(43), agency_name: 'x' }).success).toBe(false);
    expect(acceptInviteBody.safeParse({ agency_name: 'x' }).success).toBe(true);
  });

  it('checks API key shapes in the spec order', () => {
    const good = `sk-proj-${'a'.repeat(48)}`;
    expect(apiKeyProblem('')).toBe('API key is required');
    expect(apiKeyProblem('abc')).toBe('API key must start with "sk-"');
    expect(apiKeyProblem('sk-a b')).toBe('API key cannot contain spaces');
    expect(apiKeyProblem('sk-abc')).toBe('API key appears incomplete');
    expect(apiKeyProblem(`${good}!`)).toBe('Invalid API key format');
    expect(apiKeyProblem(`  ${good}  `)).toBeUndefined();
  });

  it('keeps only same-origin redirect paths', () => {
    expect(safeRedirectPath('/campaigns?x=1')).toBe('/campaigns?x=1');
    for (const bad of [undefined, '', 'campaigns', '//evil.example', '/\\evil.example', 'https://evil.example', '/a\nb']) {
      expect(safeRedirectPath(bad)).toBe('/');
    }
  });
});

describe('agency display names (issue 13: no links or control text into e-mails)', () => {
  const message = (name: string) => createAgencyBody.safeParse({ name }).error?.issues[0]?.message;
  const LINKS = 'Agency name cannot contain a web address or domain name';
  const CONTROL = 'Agency name cannot contain <, > or control characters';

  it('refuses web addresses and anything that looks like a domain', () => {
    for (const name of ['Visit https://evil.example', 'ftp://x', 'Go www.evil', 'WWW.EVIL', 'Claim at evil.com', 'acme.co', 'ｅｖｉｌ．ｃｏｍ', 'Café.fr']) {
      expect(message(name), name).toBe(LINKS);
    }
  });

  it('refuses angle brackets, line breaks, control and invisible formatting characters', () => {
    for (const name of ['Acme <b>', 'Acme > you', 'Acme\nBcc: x', 'Acme\r\nx', 'Acme\u0007', 'Acme\u202Eevil', 'Acme\u200Bx', 'Acme\u2028x', 'Acme\u0085x']) {
      expect(message(name), JSON.stringify(name)).toBe(CONTROL);
    }
  });

  it('keeps ordinary names, punctuation and accents', () => {
    for (const name of ["O'Neil & Co. Talent", 'Brightwave   Agency!', 'Café Créatif No. 5', 'A.B. Talent', 'Mr. Smith', '3.5 Stars', 'Smith & Jones, Ltd.']) {
      expect(createAgencyBody.safeParse({ name }).success, name).toBe(true);
    }
  });
});
