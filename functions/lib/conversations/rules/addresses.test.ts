import { describe, expect, it } from 'vitest';
import { agencyDomains, canonicalAddress, domainOf, isAtDomain, isFreeMailDomain, isStaffAddress } from './addresses';

describe('addresses', () => {
  it('gives one form per mailbox', () => {
    expect(canonicalAddress('Maya Chen <Maya.Chen+collabs@GoogleMail.com>')).toBe('mayachen@gmail.com');
    expect(canonicalAddress(' Jane.Doe+x@TalentCo.com ')).toBe('jane.doe@talentco.com');
    expect(canonicalAddress('not an address')).toBe('');
    expect(canonicalAddress(undefined)).toBe('');
    expect(domainOf('a@Sub.Example.co.uk')).toBe('sub.example.co.uk');
  });

  it('knows free-mail providers, in their country domains too', () => {
    for (const domain of ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'hotmail.com', 'proton.me', 'yahoo.co.uk', 'hotmail.fr']) {
      expect(isFreeMailDomain(domain)).toBe(true);
    }
    expect(isFreeMailDomain('talentco.com')).toBe(false);
  });

  it('matches a domain and its subdomains only', () => {
    expect(isAtDomain('glowskin.com', 'glowskin.com')).toBe(true);
    expect(isAtDomain('eu.glowskin.com', 'glowskin.com')).toBe(true);
    expect(isAtDomain('notglowskin.com', 'glowskin.com')).toBe(false);
    expect(isAtDomain('glowskin.com', '')).toBe(false);
  });

  it('never makes a free-mail domain an agency domain', () => {
    const domains = agencyDomains(['Agency.com', 'gmail.com', '']);
    expect(domains).toEqual(['agency.com']);
    expect(isStaffAddress('maya@gmail.com', new Set(['ana@gmail.com']), domains)).toBe(false);
    expect(isStaffAddress('Ana@gmail.com', new Set(['ana@gmail.com']), domains)).toBe(true);
    expect(isStaffAddress('new.hire@agency.com', new Set(), domains)).toBe(true);
  });
});
