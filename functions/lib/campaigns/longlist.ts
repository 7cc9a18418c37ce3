import { isEmailAddress, normalizeEmailAddress } from '../../../shared/email-address';
import { MANAGER_MAX, managerCellText, parseManagerCell } from '../../../shared/manager';
import { HANDLE_MAX } from '../../../shared/schemas/campaigns';

/**
 * Reads a longlist people made by hand: finds the header row whatever its wording (Email,
 * E-mail, Email Address; Talent, Name, Talent Name, Influencer; Manager, Owner, Agent; Handle,
 * Social Handle, Username), then turns each row into a candidate contact or a reason it was
 * skipped. Pure: no I/O.
 */
export type Column = 'email' | 'name' | 'manager' | 'handle';

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');

const HEADER_WORDS: Record<Column, string[]> = {
  email: ['email', 'emailaddress', 'mail', 'emails', 'contactemail', 'talentemail', 'influenceremail', 'creatoremail'],
  name: ['talent', 'name', 'talentname', 'influencer', 'influencername', 'creator', 'creatorname', 'fullname'],
  manager: ['manager', 'owner', 'agent', 'manageremail', 'owneremail', 'agentemail', 'management', 'emailowner', 'talentmanager'],
  handle: ['handle', 'handles', 'socialhandle', 'username', 'instagramhandle', 'ighandle', 'tiktokhandle', 'creatorhandle', 'talenthandle', 'influencerhandle'],
};

export const headerColumn = (header: string): Column | undefined => {
  const key = normalise(header);
  return (Object.keys(HEADER_WORDS) as Column[]).find((column) => HEADER_WORDS[column].includes(key));
};

export type HeaderMap = { row: number; email: number; name: number; manager?: number; handle?: number };

/**
 * The first of the top rows that names both an e-mail and a name column. A sheet that names its
 * talent only by handle uses the handle as the name too.
 */
export const findHeader = (rows: string[][], scanRows = 10): HeaderMap | undefined => {
  for (let index = 0; index < Math.min(rows.length, scanRows); index += 1) {
    const found: Partial<Record<Column, number>> = {};
    (rows[index] ?? []).forEach((cell, column) => {
      const kind = headerColumn(cell ?? '');
      if (kind && found[kind] === undefined) found[kind] = column;
    });
    const name = found.name ?? found.handle;
    if (found.email !== undefined && name !== undefined) {
      return {
        row: index,
        email: found.email,
        name,
        ...(found.manager !== undefined ? { manager: found.manager } : {}),
        ...(found.handle !== undefined ? { handle: found.handle } : {}),
      };
    }
  }
  return undefined;
};

// Control characters and bidi overrides: in a sheet cell these are line breaks and tabs a person
// typed to wrap the text (or invisible junk), so they read as spaces.
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/**
 * The Manager cell as it is stored: as written, control characters read as spaces. Never a reason
 * to refuse the row. A cell over MANAGER_MAX characters (notes pasted into the column) keeps what
 * matching uses: the person's name, company and address, e.g. "Dana Reyes (Atlas) <dana@atlas.co>",
 * cut to MANAGER_MAX at worst.
 */
const COMPANY_MAX = 60;

export const managerForImport = (raw: string): string => {
  const text = managerCellText(raw.replace(CONTROL, ' '));
  if (text.length <= MANAGER_MAX) return text;
  const { name, company, address } = parseManagerCell(text);
  // The address is never cut (a cut address would match no one); the name part is, if it must.
  const tail = address ? `<${address}>` : '';
  // A "company" longer than any agency's name is the pasted notes, not a company.
  const agency = company && company.length <= COMPANY_MAX ? `(${company})` : '';
  const head = [name, agency].filter(Boolean).join(' ') || (tail ? '' : text);
  const room = MANAGER_MAX - (tail ? tail.length + 1 : 0);
  const shorten = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, max - 1).trimEnd()}…`);
  if (room < 2) return shorten(text, MANAGER_MAX); // an address near 200 characters: nothing fits beside it
  return [shorten(head, room), tail].filter(Boolean).join(' ');
};

export type Candidate = { row: number; email: string; talentName: string; manager: string; handle: string };
export type Skipped = { row: number; reason: string };
export type Duplicate = { row: number; email: string; reason: string };

/** Sheet row numbers are 1-based, as people see them. */
export const parseLonglist = (rows: string[][], header: HeaderMap) => {
  const candidates: Candidate[] = [];
  const skipped: Skipped[] = [];
  const duplicates: Duplicate[] = [];
  const seen = new Map<string, number>();
  for (let index = header.row + 1; index < rows.length; index += 1) {
    const cells = rows[index] ?? [];
    const row = index + 1;
    const rawEmail = (cells[header.email] ?? '').trim();
    const talentName = (cells[header.name] ?? '').trim();
    const manager = header.manager === undefined ? '' : managerForImport(cells[header.manager] ?? '');
    // A handle too long to be one (a note pasted in the column) is left out, not the row.
    const rawHandle = header.handle === undefined ? '' : (cells[header.handle] ?? '').trim();
    const handle = rawHandle.length <= HANDLE_MAX && !/\s/.test(rawHandle) ? rawHandle : '';
    if (!rawEmail && !talentName && !manager) continue; // blank line: not a row anyone meant
    if (!rawEmail) {
      skipped.push({ row, reason: 'Missing email' });
      continue;
    }
    const email = normalizeEmailAddress(rawEmail);
    if (!isEmailAddress(email)) {
      skipped.push({ row, reason: `Invalid email "${rawEmail}"` });
      continue;
    }
    if (!talentName) {
      skipped.push({ row, reason: 'Missing talent name' });
      continue;
    }
    // The manager cell is kept as written whatever it holds (address, name, "Name (Company)"):
    // only the address parsed out of it is ever searched (shared/manager.ts).
    const first = seen.get(email);
    if (first !== undefined) {
      duplicates.push({ row, email, reason: `Duplicate of row ${first} in the sheet` });
      continue;
    }
    seen.set(email, row);
    candidates.push({ row, email, talentName, manager, handle });
  }
  return { candidates, skipped, duplicates };
};
