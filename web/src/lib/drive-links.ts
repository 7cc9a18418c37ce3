import { googleLinksFor, systemConnectionResponse, type GoogleLinks } from '../../../shared/schemas/system';
import { api } from './api-client';

/**
 * The Drive folder and spreadsheet links of the campaign screens. Where they lead is the
 * server's decision (functions/lib/google/links.ts): it sends `google_links_base` in GET
 * /api/v3/system/connection — null for Google's own sites, the emulator's read-only viewer when
 * the product runs locally against the Google emulator. The URL shapes are shared with the
 * server (shared/schemas/system.ts).
 */
let links: GoogleLinks = googleLinksFor(null);

/** Sets where links lead (null = Google); the app loads it with loadGoogleLinks (below). */
export const setGoogleLinksBase = (base: string | null | undefined): void => {
  links = googleLinksFor(base);
};

/** How long the links may wait for the server's answer before they fall back to Google's sites. */
export const LINKS_BASE_TIMEOUT_MS = 5_000;

/** The server's links base; null (Google) when it cannot say (signed out, offline, old server). */
export const fetchGoogleLinksBase = async (get: typeof api.get = api.get): Promise<string | null> => {
  try {
    const parsed = systemConnectionResponse.safeParse(await get<unknown>('/api/v3/system/connection', { retry: false, timeoutMs: LINKS_BASE_TIMEOUT_MS }));
    return parsed.success ? parsed.data.google_links_base : null;
  } catch {
    return null;
  }
};

let loading: Promise<void> | undefined;

/**
 * Asks the server once where links lead. The pages that show these links wait for it as they
 * load (app/lazy-routes.tsx), so their first render already has the right links; a unit test
 * sets the base itself instead.
 */
export const loadGoogleLinks = (): Promise<void> => (loading ??= fetchGoogleLinksBase().then(setGoogleLinksBase));

/** authuser picks the Google account in the browser: the stored Drive account, or 0 (Google only). */
const withAccount = (url: string, account: string | null | undefined) =>
  links.real ? `${url}?authuser=${encodeURIComponent(account || '0')}` : url;

export const driveFolderUrl = (folderId: string, account?: string | null) => withAccount(links.driveFolder(folderId), account);

export const spreadsheetUrl = (sheetId: string, account?: string | null) => withAccount(links.spreadsheet(sheetId), account);
