import { messages } from '../../../../../shared/messages';

const text = messages.contacts.validation;

export type SheetUrlResult = { ok: true; sheetId: string } | { ok: false; error: string };

const SHEET_ID = /\/d\/([A-Za-z0-9_-]+)/;

/**
 * Section 5 "Import longlist": the URL must parse ("Please enter a valid Google Sheets URL"), and
 * the sheet id is its '/d/{id}' part ("Invalid Google Sheets URL" without one).
 */
export const parseSheetUrl = (value: string): SheetUrlResult => {
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, error: text.sheetUrl };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: text.sheetUrl };
  const match = SHEET_ID.exec(url.pathname);
  if (!match?.[1]) return { ok: false, error: text.sheetUrlInvalid };
  return { ok: true, sheetId: match[1] };
};

/** The id, or undefined when the URL has none. */
export const sheetIdFrom = (value: string): string | undefined => {
  const result = parseSheetUrl(value);
  return result.ok ? result.sheetId : undefined;
};
