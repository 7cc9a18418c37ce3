import { describe, expect, it } from 'vitest';
import { agencyDomains, canonicalAddress, domainOf, isAtDomain, isFreeMailDomain, isStaffAddress } from './addresses';

// Boundaries of the address rules: which providers are free mail (sharing one says nothing about an
// employer), one form per mailbox, and what is "at" a domain.

describe('free-mail providers', () => {
  it.each([
    'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'yahoo.com', 'ymail.com', 'rocketmail.com',
    'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me', 'gmx.com', 'gmx.net', 'gmx.de',
    'web.de', 't-online.de', 'mail.com', 'zoho.com', 'fastmail.com', 'hey.com', 'tutanota.com', 'tuta.io', 'yandex.com', 'yandex.ru',
    'mail.ru', 'orange.fr', 'free.fr', 'laposte.net', 'libero.it', 'btinternet.com', 'comcast.net', 'qq.com', '163.com', '126.com',
    'naver.com', 'daum.net', 'hanmail.net',
  ])('%s is free mail, so it is never an agency domain', (domain) => {
    expect(isFreeMailDomain(domain)).toBe(true);
    expect(agencyDomains([domain])).toEqual([]);
  });

  it.each(['yahoo.co.uk', 'ymail.fr', 'hotmail.co.jp', 'outlook.de', 'live.com.au', 'msn.fr', 'gmx.at', 'yandex.kz', 'aol.de'])(
    'the same providers under a country domain: %s',
    (domain) => {
      expect(isFreeMailDomain(domain)).toBe(true);
    },
  );

  it('reads the domain in any case and with spaces around it', () => {
    expect(isFreeMailDomain(' GMail.COM ')).toBe(true);
    expect(isFreeMailDomain(' Yahoo.Co.UK ')).toBe(true);
  });

  it('does not take a company whose name merely contains a provider for free mail', () => {
    for (const domain of ['notyahoo.co', 'myhotmail.fr', 'yahoofans.com', 'gmail.company.com', 'mail.glowskin.com', 'outlookagency.com']) {
      expect(isFreeMailDomain(domain), domain).toBe(false);
    }
  });
});

describe('canonicalAddress: one form per mailbox', () => {
  it('reads the address in angle brackets, trimmed, lower-case, without mailto:', () => {
    expect(canonicalAddress('"Chen, Maya" < Maya@Studio.com >')).toBe('maya@studio.com');
    expect(canonicalAddress('mailto:Jane@TalentCo.com')).toBe('jane@talentco.com');
    expect(canonicalAddress('MAILTO:Jane@TalentCo.com')).toBe('jane@talentco.com');
  });

  it('is empty without a local part or a domain', () => {
    expect(canonicalAddress('@studio.com')).toBe('');
    expect(canonicalAddress('maya@')).toBe('');
    expect(canonicalAddress('')).toBe('');
    expect(canonicalAddress(null)).toBe('');
    expect(canonicalAddress('<>')).toBe('');
  });

  it('takes a one-letter local part and the last @ as the separator', () => {
    expect(canonicalAddress('m@studio.com')).toBe('m@studio.com');
    expect(canonicalAddress('x@y')).toBe('x@y');
    expect(canonicalAddress('"a@b"@studio.com')).toBe('"a@b"@studio.com');
  });

  it('drops a trailing dot of the domain', () => {
    expect(canonicalAddress('maya@studio.com.')).toBe('maya@studio.com');
  });

  it('drops a +tag, but not a local part that starts with +', () => {
    expect(canonicalAddress('maya+collabs+2026@studio.com')).toBe('maya@studio.com');
    expect(canonicalAddress('+maya@studio.com')).toBe('+maya@studio.com');
  });

  it('drops the dots Gmail ignores, and only at Gmail', () => {
    expect(canonicalAddress('m.a.y.a@gmail.com')).toBe('maya@gmail.com');
    expect(canonicalAddress('m.a.y.a@googlemail.com')).toBe('maya@gmail.com');
    expect(canonicalAddress('m.a.y.a@outlook.com')).toBe('m.a.y.a@outlook.com');
    expect(canonicalAddress('m.a.y.a@gmail.co')).toBe('m.a.y.a@gmail.co');
  });

  it('gives the domain of an address only', () => {
    expect(domainOf('Jane <Jane@TalentCo.com.>')).toBe('talentco.com');
    expect(domainOf('not an address')).toBe('');
    expect(domainOf(null)).toBe('');
  });
});

describe('isAtDomain', () => {
  it('accepts the domain written with @, a trailing dot, spaces or capitals', () => {
    expect(isAtDomain(' @Mail.GlowSkin.com ', ' @GlowSkin.com. ')).toBe(true);
    expect(isAtDomain('glowskin.com', '@glowskin.com')).toBe(true);
  });

  it('needs both a domain and a parent', () => {
    expect(isAtDomain('', 'glowskin.com')).toBe(false);
    expect(isAtDomain('@', 'glowskin.com')).toBe(false);
    expect(isAtDomain('glowskin.com', '@')).toBe(false);
  });

  it('does not take a parent for its subdomain', () => {
    expect(isAtDomain('glowskin.com', 'eu.glowskin.com')).toBe(false);
    expect(isAtDomain('evilglowskin.com', 'glowskin.com')).toBe(false);
  });
});

describe('agency domains and staff', () => {
  it('lists the agency domains lower-case, without @ or spaces, and drops empty ones', () => {
    expect(agencyDomains([' @Agency.com ', '  ', 'uk.agency.com'])).toEqual(['agency.com', 'uk.agency.com']);
  });

  it('counts listed staff by canonical address, and anyone at an agency domain or its subdomains', () => {
    const staff = new Set(['ana@gmail.com']);
    expect(isStaffAddress('Ana <A.N.A+work@googlemail.com>', staff, ['agency.com'])).toBe(true);
    expect(isStaffAddress('new.hire@uk.agency.com', staff, ['agency.com'])).toBe(true);
    expect(isStaffAddress('new.hire@agency.co', staff, ['agency.com'])).toBe(false);
    expect(isStaffAddress('not an address', new Set(['not an address']), ['agency.com'])).toBe(false);
    expect(isStaffAddress('maya@gmail.com', staff, [])).toBe(false);
  });
});
