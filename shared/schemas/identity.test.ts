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
    expect(createAgencyBody.parse({ name: ' Acme ' })).toEqual({ name: 'Acme' });
  });

  it('normalises invitation payloads', () => {
    expect(inviteBody.parse({ email: ' Ana@Example.COM ', role: 'admin' })).toEqual({ email: 'ana@example.com', role: 'member' });
    expect(inviteBody.parse({ email: 'a@b', role: 'owner' })).toEqual({ email: 'a@b', role: 'owner' });
    expect(inviteBody.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe('Please enter a valid email address');
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
