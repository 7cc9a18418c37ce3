/** authuser picks the Google account in the browser: the stored Drive account, or 0. */
const authUser = (account: string | null | undefined) => encodeURIComponent(account || '0');

export const driveFolderUrl = (folderId: string, account?: string | null) =>
  `https://drive.google.com/drive/folders/${encodeURIComponent(folderId)}?authuser=${authUser(account)}`;

export const spreadsheetUrl = (sheetId: string, account?: string | null) =>
  `https://docs.google.com/spreadsheets/d/${encodeURIComponent(sheetId)}/edit?authuser=${authUser(account)}`;
