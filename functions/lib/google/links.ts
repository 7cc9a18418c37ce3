/**
 * The one place the server decides where the product's links into Google lead: the Drive
 * folder and spreadsheet links (tracker rows), the Gmail thread links (conversations, the
 * outreach tracker's Gmail Link column) and, through GET /api/v3/system/connection, the web
 * app's links. GOOGLE_LINKS_BASE unset (AWS, or the local runtime with real Google) = Google's
 * own sites; set = that base, e.g. the Google emulator's read-only viewer
 * (http://127.0.0.1:4010/viewer), which infra/local/runtime.ts sets when it runs the emulator.
 * Read on every call (cheap), so a test or a second local runtime sees its own value.
 */
import { googleLinksFor, normalizeLinksBase, type GoogleLinks } from '../../../shared/google-links';

export type { GoogleLinks } from '../../../shared/google-links';

/** The configured base, or null for Google's own sites. */
export const googleLinksBase = (env: Record<string, string | undefined> = process.env): string | null => normalizeLinksBase(env.GOOGLE_LINKS_BASE);

export const googleLinks = (env: Record<string, string | undefined> = process.env): GoogleLinks => googleLinksFor(googleLinksBase(env));

export const driveFolderLink = (folderId: string): string => googleLinks().driveFolder(folderId);

export const spreadsheetLink = (spreadsheetId: string): string => googleLinks().spreadsheet(spreadsheetId);

export const gmailThreadLink = (mailbox: string, threadId: string): string => googleLinks().gmailThread(mailbox, threadId);
