/**
 * The URL shapes of the links the product shows into Google (Drive folders, spreadsheets, Gmail
 * threads). Which Google they lead to is decided once, on the server (functions/lib/google/links.ts,
 * from GOOGLE_LINKS_BASE): unset = Google's own sites; set (the local runtime with the Google
 * emulator) = the emulator's read-only viewer. The server sends that base to the web app in
 * GET /api/v3/system/connection. Plain code, no zod: Lambdas that only build links stay small.
 */
/** Builds the product's links into Google, or into the emulator's viewer when base is set. */
export type GoogleLinks = {
  /** true = Google's own sites; false = the emulator's viewer */
  real: boolean;
  driveFolder(folderId: string): string;
  spreadsheet(spreadsheetId: string): string;
  gmailThread(mailbox: string, threadId: string): string;
};

/** A base URL as configured ('' and whitespace = none), without trailing slashes. */
export const normalizeLinksBase = (base: string | null | undefined): string | null => base?.trim().replace(/\/+$/, '') || null;

const REAL_GOOGLE_LINKS: GoogleLinks = {
  real: true,
  driveFolder: (id) => `https://drive.google.com/drive/folders/${encodeURIComponent(id)}`,
  spreadsheet: (id) => `https://docs.google.com/spreadsheets/d/${encodeURIComponent(id)}/edit`,
  // Gmail's own form: the mailbox (an e-mail address) as it is, the thread id after #all/.
  gmailThread: (mailbox, threadId) => `https://mail.google.com/mail/u/${mailbox}/#all/${threadId}`,
};

/**
 * The links for a base: none = Google; e.g. http://127.0.0.1:4010/viewer = the emulator's viewer
 * (test/emulators/google/viewer.ts serves these paths).
 */
export const googleLinksFor = (base?: string | null): GoogleLinks => {
  const root = normalizeLinksBase(base);
  if (!root) return REAL_GOOGLE_LINKS;
  const e = encodeURIComponent;
  return {
    real: false,
    driveFolder: (id) => `${root}/drive/folders/${e(id)}`,
    spreadsheet: (id) => `${root}/spreadsheets/${e(id)}`,
    gmailThread: (mailbox, threadId) => `${root}/mail/${e(mailbox)}/thread/${e(threadId)}`,
  };
};
