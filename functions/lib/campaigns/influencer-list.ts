import { a1 } from '../google/sheets';
import type { SheetsClient } from '../google/sheets';
import { INFLUENCER_LIST_TAB } from './layout';

export type InfluencerRow = { talentName?: string; email: string; emailOwner?: string; trackingEnabled: boolean; source?: 'manual' | 'import'; createdAt: string };

const contactRow = (contact: InfluencerRow) => [
  contact.talentName ?? '',
  contact.email,
  contact.emailOwner ?? '',
  contact.trackingEnabled ? 'Yes' : 'No',
  contact.source === 'import' ? 'Longlist import' : 'Added manually',
  contact.createdAt,
];

/**
 * Appends to the campaign's influencer list every given contact whose e-mail is not in it yet:
 * one read of the Email column, one append. Running it twice writes nothing the second time.
 */
export const syncInfluencerList = async (
  sheets: SheetsClient,
  spreadsheetId: string,
  contacts: InfluencerRow[],
): Promise<number> => {
  if (contacts.length === 0) return 0;
  const present = new Set((await sheets.readValues(spreadsheetId, a1(INFLUENCER_LIST_TAB, 'B:B'))).map((row) => (row[0] ?? '').trim().toLowerCase()));
  const missing = contacts.filter((contact) => !present.has(contact.email));
  if (missing.length) await sheets.appendRows(spreadsheetId, INFLUENCER_LIST_TAB, missing.map(contactRow));
  return missing.length;
};
