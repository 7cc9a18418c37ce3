import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { addAccount, emptyMailbox, insertMessage, type Account, type DriveFile, type EmulatorState, type RefreshGrant, type Spreadsheet, type StoredMessage } from './state';

/**
 * What the product creates in "Google" survives a restart of `npm start`: Drive files and
 * spreadsheets, refresh tokens (so stored grants keep working), accounts added through the
 * account picker, and mail added while running (addMessage, `POST /__emulator/messages`) with
 * each mailbox's history position, so Gmail's historyId never goes back. The seeded mail is the
 * seed's at every start; only what was added is kept.
 */
type SavedMessage = Omit<StoredMessage, 'search' | 'size'>;
type SavedMailbox = { email: string; historyId: number; historyFloor: number; added: SavedMessage[] };

type Snapshot = {
  version: 1;
  accounts: Account[];
  files: (Omit<DriveFile, 'appClients'> & { appClients: string[] })[];
  spreadsheets: Spreadsheet[];
  refresh: RefreshGrant[];
  offlineConsents: string[];
  /** absent in snapshots written before mail was kept */
  mailboxes?: SavedMailbox[];
};

const savedMailboxes = (state: EmulatorState): SavedMailbox[] =>
  [...state.mailboxes.values()].map((mb) => ({
    email: mb.email,
    historyId: mb.historyId,
    historyFloor: mb.historyFloor,
    added: [...mb.messages.values()].filter((m) => m.added).map(({ search: _search, size: _size, ...message }) => message),
  }));

/** Puts the kept mail back into freshly seeded mailboxes (a message already there is not added twice). */
const restoreMailboxes = (state: EmulatorState, saved: SavedMailbox[]): void => {
  for (const box of saved) {
    let mb = state.mailboxes.get(box.email);
    if (!mb) state.mailboxes.set(box.email, (mb = emptyMailbox(box.email, box.historyId)));
    for (const message of box.added) {
      if (mb.messages.has(message.id)) continue;
      const restored: StoredMessage = { ...message, added: true };
      insertMessage(mb, restored);
      mb.history.push({ id: restored.historyId, messagesAdded: [restored] });
    }
    mb.historyId = Math.max(mb.historyId, box.historyId);
    mb.historyFloor = Math.max(mb.historyFloor, box.historyFloor);
    const floor = mb.historyFloor;
    mb.history = mb.history.filter((record) => record.id > floor).sort((a, b) => a.id - b.id);
  }
};

export const saveSnapshot = (state: EmulatorState, file: string): void => {
  const snapshot: Snapshot = {
    version: 1,
    accounts: [...state.accounts.values()],
    files: [...state.files.values()].map((driveFile) => ({ ...driveFile, appClients: [...driveFile.appClients] })),
    spreadsheets: [...state.spreadsheets.values()],
    refresh: [...state.tokens.refresh.values()],
    offlineConsents: [...state.tokens.offlineConsents],
    mailboxes: savedMailboxes(state),
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
  // after the accounts: an added account's mailbox exists by now
  restoreMailboxes(state, snapshot.mailboxes ?? []);
  return true;
};
