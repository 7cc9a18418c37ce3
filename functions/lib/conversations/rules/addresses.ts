/**
 * E-mail address helpers: one canonical form per mailbox, its domain, and the free-mail providers
 * whose domain says nothing about who someone works for.
 */

/** Free-mail domains: sharing one of these does not make two people colleagues or a brand. */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'rocketmail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  't-online.de',
  'mail.com',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
  'tuta.io',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'libero.it',
  'btinternet.com',
  'comcast.net',
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
  'daum.net',
  'hanmail.net',
]);

/** Providers that run the same free service under many country domains (yahoo.co.uk, hotmail.fr …). */
const FREE_MAIL_BRANDS = /^(yahoo|ymail|hotmail|outlook|live|msn|gmx|yandex|aol)\./;

export function isFreeMailDomain(domain: string): boolean {
  const lower = domain.trim().toLowerCase();
  return FREE_MAIL_DOMAINS.has(lower) || FREE_MAIL_BRANDS.test(lower);
}

/**
 * One form per mailbox: lower-case, without a "+tag" in the local part, and for Gmail without the
 * dots Gmail ignores (so "Maya.Chen+collabs@googlemail.com" and "mayachen@gmail.com" are one person).
 * Returns '' for something that is not an address.
 */
export function canonicalAddress(address: string | null | undefined): string {
  if (!address) return '';
  const bracketed = /<([^<>]+)>/.exec(address);
  const bare = (bracketed?.[1] ?? address).trim().toLowerCase().replace(/^mailto:/, '');
  const at = bare.lastIndexOf('@');
  if (at <= 0 || at === bare.length - 1) return '';
  let local = bare.slice(0, at);
  let domain = bare.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** The domain of an address, lower-case ('' when there is none). */
export function domainOf(address: string | null | undefined): string {
  const canonical = canonicalAddress(address);
  return canonical ? canonical.slice(canonical.lastIndexOf('@') + 1) : '';
}

/** True when `domain` is `parent` or one of its subdomains (mail.glowskin.com is at glowskin.com). */
export function isAtDomain(domain: string, parent: string): boolean {
  const d = domain.trim().toLowerCase().replace(/^@/, '');
  const p = parent.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  if (!d || !p) return false;
  return d === p || d.endsWith(`.${p}`);
}

/**
 * The agency's own domains, as a list to test against: a free-mail domain never counts (an agency
 * whose staff use Gmail does not make every Gmail user staff).
 */
export function agencyDomains(staffDomains: Iterable<string>): string[] {
  return [...staffDomains].map((domain) => domain.trim().toLowerCase().replace(/^@/, '')).filter((domain) => domain && !isFreeMailDomain(domain));
}

/** Staff: a listed staff address, or any address at one of the agency's own domains. */
export function isStaffAddress(address: string, staff: ReadonlySet<string>, domains: readonly string[]): boolean {
  const canonical = canonicalAddress(address);
  if (!canonical) return false;
  if (staff.has(canonical)) return true;
  const domain = domainOf(canonical);
  return domains.some((parent) => isAtDomain(domain, parent));
}
