import { a1, type Cell, type SheetsClient, type ValueRange } from '../google/sheets';
import { INFLUENCER_LIST_HEADERS, INFLUENCER_LIST_TAB, INFLUENCER_TRACKING_STATES, columnLetter, type InfluencerTrackingState } from './layout';

export type InfluencerRow = {
  talentName?: string;
  email: string;
  emailOwner?: string;
  trackingEnabled: boolean;
  source?: 'manual' | 'import';
  createdAt: string;
};

export const trackingState = (contact: { trackingEnabled: boolean }): InfluencerTrackingState =>
  contact.trackingEnabled ? INFLUENCER_TRACKING_STATES.tracking : INFLUENCER_TRACKING_STATES.paused;

const TRACKING_HEADER = 'Tracking';
const EMAIL_HEADER = 'Email';

const cellFor = (header: string, contact: InfluencerRow): Cell => {
  switch (header.trim()) {
    case 'Talent Name':
      return contact.talentName ?? '';
    case EMAIL_HEADER:
      return contact.email;
    case 'Manager':
      return contact.emailOwner ?? '';
    case TRACKING_HEADER:
      return trackingState(contact);
    case 'Source':
      return contact.source === 'import' ? 'Longlist import' : 'Added manually';
    case 'Added At':
      return contact.createdAt;
    default:
      return '';
  }
};

/**
 * The list as it is: its header row (people may have moved columns; lists made before the
 * Tracking column moved last hold it fourth), where the e-mail and tracking columns are, and the
 * 1-based rows of each e-mail.
 */
type ListState = { headers: string[]; email: number; tracking: number; trackingMissing: boolean; rowsByEmail: Map<string, number[]> };

const listFrom = (rows: string[][]): ListState => {
  const found = (rows[0] ?? []).map((cell) => cell.trim());
  const headers = found.some(Boolean) ? found : [...INFLUENCER_LIST_HEADERS];
  const email = Math.max(headers.indexOf(EMAIL_HEADER), 0);
  const trackingAt = headers.indexOf(TRACKING_HEADER);
  const rowsByEmail = new Map<string, number[]>();
  rows.forEach((row, index) => {
    if (index === 0) return;
    const address = (row[email] ?? '').trim().toLowerCase();
    if (address) rowsByEmail.set(address, [...(rowsByEmail.get(address) ?? []), index + 1]);
  });
  return {
    headers: trackingAt >= 0 ? headers : [...headers, TRACKING_HEADER],
    email,
    tracking: trackingAt >= 0 ? trackingAt : headers.length,
    trackingMissing: trackingAt < 0,
    rowsByEmail,
  };
};

const stateCells = (list: ListState, changes: { email: string; state: InfluencerTrackingState }[], current?: string[][]): ValueRange[] => {
  const column = columnLetter(list.tracking);
  const updates: ValueRange[] = [];
  for (const { email, state } of changes) {
    for (const row of list.rowsByEmail.get(email.toLowerCase()) ?? []) {
      if (current?.[row - 1]?.[list.tracking] === state) continue;
      updates.push({ range: a1(INFLUENCER_LIST_TAB, `${column}${row}`), values: [[state]] });
    }
  }
  return updates;
};

/** A list that lost its Tracking header gets it back (after its last column) once something is written. */
const withHeader = (list: ListState, updates: ValueRange[]): ValueRange[] =>
  list.trackingMissing ? [...updates, { range: a1(INFLUENCER_LIST_TAB, `${columnLetter(list.tracking)}1`), values: [[TRACKING_HEADER]] }] : updates;

/**
 * Brings the campaign's influencer list in line with the given contacts: appends each one whose
 * e-mail is not in it yet, and sets the Tracking cell of those already there (a contact removed
 * and added again reads "Tracking" again). One read, one append, one batch update at most;
 * running it twice writes nothing the second time.
 */
export const syncInfluencerList = async (sheets: SheetsClient, spreadsheetId: string, contacts: InfluencerRow[]): Promise<number> => {
  if (contacts.length === 0) return 0;
  const rows = await sheets.readValues(spreadsheetId, a1(INFLUENCER_LIST_TAB));
  const list = listFrom(rows);
  const missing = contacts.filter((contact) => !list.rowsByEmail.has(contact.email.toLowerCase()));
  const present = contacts.filter((contact) => list.rowsByEmail.has(contact.email.toLowerCase()));
  const updates = stateCells(
    list,
    present.map((contact) => ({ email: contact.email, state: trackingState(contact) })),
    rows,
  );
  if (updates.length || missing.length) await sheets.batchUpdateValues(spreadsheetId, withHeader(list, updates));
  if (missing.length) {
    await sheets.appendRows(spreadsheetId, INFLUENCER_LIST_TAB, missing.map((contact) => list.headers.map((header) => cellFor(header, contact))));
  }
  return missing.length;
};

/**
 * Marks contacts in the influencer list: "Tracking", "Paused" or "Removed" in each one's Tracking
 * cell (a removed contact keeps its row, marked). E-mails not in the list are left alone.
 */
export const markInfluencerList = async (
  sheets: SheetsClient,
  spreadsheetId: string,
  changes: { email: string; state: InfluencerTrackingState }[],
): Promise<number> => {
  if (changes.length === 0) return 0;
  const rows = await sheets.readValues(spreadsheetId, a1(INFLUENCER_LIST_TAB));
  const list = listFrom(rows);
  const updates = stateCells(list, changes, rows);
  if (updates.length) await sheets.batchUpdateValues(spreadsheetId, withHeader(list, updates));
  return updates.length;
};
