/**
 * The Manager cell (a contact's `email_owner`) as agencies write it in forms and longlists: an
 * address, a name, "Name (Company)", "Name - Company", "Name <address>", or a placeholder such as
 * "TBC". The cell is stored and shown as written; this reads out of it the one address used for
 * matching and Gmail searches (validated by the project's one e-mail rule, never the raw cell) and
 * the person's display name matched against From/To/Cc. Plain code, no zod: the web app, the
 * schemas and the processing Lambdas all import it.
 */
import { parseEmailAddress } from './email-address';

export type ManagerCell = {
  /** as written: trimmed, inner whitespace collapsed */
  text: string;
  /** the valid address in it, normalised (lower-cased); '' when none */
  address: string;
  /** the person's display name; '' when none */
  name: string;
  /** the agency from "Name (Company)" / "Name - Company"; '' when none */
  company: string;
};

export const MANAGER_MAX = 200;
export const MANAGER_TOO_LONG = `Manager must be ${MANAGER_MAX} characters or fewer`; // not in spec
export const MANAGER_CONTROL = 'Manager must not contain control characters'; // not in spec

// C0/C1 controls (tabs and line breaks included: a cell is one line) and the bidirectional
// overrides/isolates, which make a name display as something other than what it is.
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** Why a Manager cell cannot be stored, or undefined when it can (empty included). */
export const managerCellProblem = (raw: string): string | undefined => {
  // A raw cell far past the bound is refused before any work on it (padding whitespace aside).
  if (raw.length > MANAGER_MAX * 4) return MANAGER_TOO_LONG;
  if (CONTROL.test(raw)) return MANAGER_CONTROL;
  if (collapse(raw).length > MANAGER_MAX) return MANAGER_TOO_LONG;
  return undefined;
};

/** The cell as stored: trimmed, runs of whitespace made one space. */
export const managerCellText = (raw: string): string => collapse(raw);

// Zero-width space, word joiner and BOM say nothing in a name (pasted from sheets and mail
// clients); ZWNJ/ZWJ are kept, some scripts spell names with them.
const collapse = (value: string): string => value.replace(/[\u200B\u2060\uFEFF]/gu, '').replace(/\s+/gu, ' ').trim();

// Cells that say "no manager (yet)": no name, no address.
const PLACEHOLDERS = new Set([
  'tbc', 'tbd', 'tba', 'n/a', 'na', 'none', 'no', 'nil', 'null', 'unknown', 'pending', 'self',
  'self managed', 'self-managed', 'direct', 'no manager', 'not known', 'x', '?', 'same', 'same as above',
]);

// Words that mark a company rather than a person: used only to tell "Agency (Person)" from
// "Person (Agency)".
const COMPANY_WORD =
  /\b(?:talent|talents|management|mgmt|agency|agencies|group|ltd|limited|llc|inc|co|media|studios?|collective|partners|pr|entertainment|represents?|representation|creative|creatives|network|house|global|digital|social|influence)\b/iu;

// A run that looks like an address (validated afterwards; the run stops at anything Gmail search
// or a header gives meaning to, so what is taken is never more than one token).
// An apostrophe is part of the run: "o'brien@x.co" is one address, not "brien@x.co".
const ADDRESS_RUN = /[^\s<>()[\]{}",;:|]+@[^\s<>()[\]{}",;:|]+/gu;

const isPlaceholder = (value: string): boolean => {
  const key = value.toLowerCase().replace(/[.\s]+$/u, '').trim();
  return PLACEHOLDERS.has(key) || !/[\p{L}\p{N}]/u.test(key);
};

/** Quotes and stray separators around a name; '' for a placeholder. */
const cleanName = (value: string): string => {
  const name = collapse(value)
    .replace(/^["'“”‘’`]+|["'“”‘’`]+$/gu, '')
    .replace(/^[\s\-–—|/,:;]+|[\s\-–—|/,:;]+$/gu, '')
    .trim();
  return isPlaceholder(name) ? '' : name;
};

const firstAddress = (text: string): string => {
  for (const match of text.matchAll(ADDRESS_RUN)) {
    // Quotes around the address and a sentence's full stop after it are not part of it.
    const address = parseEmailAddress(match[0].replace(/^['‘’]+|['‘’.]+$/gu, ''));
    if (address) return address;
  }
  return '';
};

/** Splits "Person (Company)", "Company (Person)", "Person - Company" and "Person | Company". */
const splitNameAndCompany = (value: string): { name: string; company: string } => {
  const paren = /^(.*?)\s*\(([^()]*)\)\s*$/u.exec(value);
  if (paren) {
    const outside = cleanName(paren[1]!);
    const inside = cleanName(paren[2]!);
    if (!outside) return { name: inside, company: '' };
    if (!inside) return { name: outside, company: '' };
    const outsideIsCompany = COMPANY_WORD.test(outside) && !COMPANY_WORD.test(inside);
    return outsideIsCompany ? { name: inside, company: outside } : { name: outside, company: inside };
  }
  const dash = /^(.+?)\s+(?:[-–—|@]|at)\s+(.+)$/u.exec(value);
  if (dash) {
    const first = cleanName(dash[1]!);
    const second = cleanName(dash[2]!);
    if (first && second) {
      const firstIsCompany = COMPANY_WORD.test(first) && !COMPANY_WORD.test(second);
      return firstIsCompany ? { name: second, company: first } : { name: first, company: second };
    }
  }
  return { name: cleanName(value), company: '' };
};

/**
 * Reads a Manager cell. Never throws and never refuses: a cell it cannot read yields its text
 * with no address and no name. Only the first valid address is taken (a second one is ignored,
 * so a cell cannot widen a Gmail search beyond one address).
 */
export const parseManagerCell = (raw: string): ManagerCell => {
  const text = collapse(typeof raw === 'string' ? raw.replace(/\p{Cc}/gu, ' ') : '');
  if (!text || isPlaceholder(text)) return { text, address: '', name: '', company: '' };

  // NFKC first so a full-width "＠" or "＜…＞" reads as the ASCII it stands for.
  const address = firstAddress(text.normalize('NFKC'));
  // What is left once every address-like run and its brackets are taken out: the display name,
  // perhaps with a company ("Dana Reyes (Atlas) <dana@atlas.co>").
  const rest = collapse(
    text
      .normalize('NFKC')
      .replace(/<[^<>]*>/gu, ' ')
      .replace(/\S*@\S*/gu, ' ')
      .replace(/\(\s*\)|\[\s*\]|<\s*>/gu, ' '),
  );
  const { name, company } = rest ? splitNameAndCompany(rest) : { name: '', company: '' };
  return { text, address, name, company };
};

/**
 * A contact's manager fields as the conversation rules read them (ContactLite): the cell as
 * written (shown) and the address and name parsed out of it (matched). The directory and the test
 * and fixture builders all spread it, so every contact reads its cell one way.
 */
export const contactManagerFields = (cell: string | null | undefined): { emailOwner: string; managerAddress: string; managerName: string } => {
  const manager = parseManagerCell(cell ?? '');
  return { emailOwner: manager.text, managerAddress: manager.address, managerName: manager.name };
};

