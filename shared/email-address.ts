/**
 * E-mail addresses as the product takes them from people (contact add, longlist import,
 * invitations, members, client addresses, conversation assignment): one normalisation, so one
 * address is one key everywhere, and one shape, so what is stored can go into a Gmail search
 * (`from:x`) or a header as exactly one address. Plain code, no zod: the web app, the schemas and
 * the processing Lambdas all import it.
 */

export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;

/** Zero-width space, non-joiner, joiner, word joiner and BOM: invisible, so never part of an address. */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;

/**
 * The address as stored and compared: Unicode NFKC (full-width and other compatibility forms
 * folded, accents composed), zero-width characters removed, trimmed, lower-cased. The dotted
 * capital I (İ, what a Turkish keyboard or autocorrect gives "Info@") lower-cases to "i" plus a
 * combining dot, which would make "İnfo@x.com" a different contact from "info@x.com": it is read
 * as the plain I it stands for.
 */
export const normalizeEmailAddress = (value: string): string =>
  value.normalize('NFKC').replace(ZERO_WIDTH, '').replace(/\u0130/g, 'I').trim().toLowerCase();

// Local part: dot-separated runs of letters, digits, marks and _ % + ' -, not starting with "-"
// (a Gmail search reads a leading "-" as NOT). Nothing Gmail search or a header gives meaning to:
// no spaces, quotes, braces, parentheses, brackets, colons, commas, semicolons, angle brackets,
// backslashes, "*" or "|".
const LOCAL = /^[\p{L}\p{N}\p{M}_%+'][\p{L}\p{N}\p{M}_%+'-]*(?:\.[\p{L}\p{N}\p{M}_%+'-]+)*$/u;
// Domain: letter/digit labels with inner hyphens, at least two, ending in a letter TLD or an
// IDNA (xn--) one.
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;
const TLD = /^(?:\p{L}[\p{L}\p{M}]{1,62}|xn--[a-z0-9-]{1,59})$/u;

/**
 * Whether `value` is exactly one bare address, already normalised (see normalizeEmailAddress):
 * what may be stored as a contact, a manager or a member, and searched in Gmail.
 */
export const isEmailAddress = (value: string): boolean => {
  if (!value || value.length > EMAIL_MAX || value !== normalizeEmailAddress(value)) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > EMAIL_LOCAL_MAX || !LOCAL.test(local)) return false;
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return TLD.test(labels[labels.length - 1]!);
};

/** The normalised address when `value` is one valid address, else undefined. */
export const parseEmailAddress = (value: string | null | undefined): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const address = normalizeEmailAddress(value);
  return isEmailAddress(address) ? address : undefined;
};
