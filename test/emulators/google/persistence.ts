import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { addAccount, type Account, type DriveFile, type EmulatorState, type RefreshGrant, type Spreadsheet } from './state';

/**
 * What the product creates in "Google" survives a restart of `npm start`: Drive files and
 * spreadsheets, refresh tokens (so stored grants keep working) and accounts added through the
 * account picker. Mail stays the seed's (plus whatever the running emulator was given).
 */
type Snapshot = {
  version: 1;
  accounts: Account[];
  files: (Omit<DriveFile, 'appClients'> & { appClients: string[] })[];
  spreadsheets: Spreadsheet[];
  refresh: RefreshGrant[];
  offlineConsents: string[];
};

export const saveSnapshot = (state: EmulatorState, file: string): void => {
  const snapshot: Snapshot = {
    version: 1,
    accounts: [...state.accounts.values()],
    files: [...state.files.values()].map((driveFile) => ({ ...driveFile, appClients: [...driveFile.appClients] })),
    spreadsheets: [...state.spreadsheets.values()],
    refresh: [...state.tokens.refresh.values()],
    offlineConsents: [...state.tokens.offlineConsents],
  };
  // write-then-rename: a crash mid-write never leaves half a snapshot
  writeFileSync(`${file}.tmp`, JSON.stringify(snapshot));
  renameSync(`${file}.tmp`, file);
};

/** Puts a snapshot's files, sheets, grants and accounts into a freshly seeded state. */
export const loadSnapshot = (state: EmulatorState, file: string): boolean => {
  if (!existsSync(file)) return false;
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  if (snapshot.version !== 1) return false;
  // files first, so an added account finds its own Drive root instead of getting a new one
  for (const driveFile of snapshot.files) state.files.set(driveFile.id, { ...driveFile, appClients: new Set(driveFile.appClients) });
  for (const account of snapshot.accounts) addAccount(state, account);
  for (const sheet of snapshot.spreadsheets) state.spreadsheets.set(sheet.spreadsheetId, sheet);
  for (const grant of snapshot.refresh) state.tokens.refresh.set(grant.token, grant);
  for (const consent of snapshot.offlineConsents) state.tokens.offlineConsents.add(consent);
  return true;
};
