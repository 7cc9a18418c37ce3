/** Kept apart from oidc.ts so job bundles that check a grant's scopes do not load openid-client. */

/**
 * The Google scopes the product cannot work without, by what they let it do. Google's consent
 * screen lets a person untick each of them: the sign-in checks what came back.
 * drive.file covers the Drive folders and sheets the product creates (and writes); the
 * longlist import reads a sheet the user names with spreadsheets.readonly.
 */
export const REQUIRED_GOOGLE_SCOPES = {
  gmail: 'https://www.googleapis.com/auth/gmail.readonly',
  drive: 'https://www.googleapis.com/auth/drive.file',
  sheets: 'https://www.googleapis.com/auth/spreadsheets.readonly',
} as const;

export type GoogleAccessKind = keyof typeof REQUIRED_GOOGLE_SCOPES;

/** Scopes that imply a required one (a wider grant still covers what the product does). */
const IMPLIED_BY: Record<GoogleAccessKind, string[]> = {
  gmail: ['https://www.googleapis.com/auth/gmail.modify', 'https://mail.google.com/'],
  drive: ['https://www.googleapis.com/auth/drive'],
  sheets: ['https://www.googleapis.com/auth/spreadsheets', 'https://www.googleapis.com/auth/drive', 'https://www.googleapis.com/auth/drive.readonly'],
};

/** Which of the required accesses a granted scope list lacks, in a stable order. */
export const missingGoogleAccess = (granted: readonly string[]): GoogleAccessKind[] =>
  (Object.keys(REQUIRED_GOOGLE_SCOPES) as GoogleAccessKind[]).filter(
    (kind) => !granted.includes(REQUIRED_GOOGLE_SCOPES[kind]) && !IMPLIED_BY[kind].some((scope) => granted.includes(scope)),
  );
