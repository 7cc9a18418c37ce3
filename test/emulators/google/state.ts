/** The emulator's in-memory model, built from a seed. */
import type { SeedData } from '../../fixtures/seed/types';
import { mulberry32, type Prng } from '../../fixtures/seed/prng';
import type { MessageLike } from './mime';
import { parseAddress, parseAddressList, rawOf } from './mime';
import type { Searchable } from './gmail-query';

export type Account = { sub: string; email: string; name: string; givenName: string; familyName: string; picture: string; hd?: string };

export type OAuthClient = {
  clientId: string;
  clientSecret: string;
  name: string;
  /** exact redirect URIs; 'loopback' = any http(s)://127.0.0.1|localhost|[::1] URI */
  redirectUris: string[] | 'loopback';
};

export type StoredMessage = MessageLike & {
  mailbox: string;
  bcc: string[];
  /** added while running (addMessage, the control API), not from the seed: kept in the snapshot */
  added?: true;
  /** cached parsed form for search */
  search?: Searchable;
  size?: number;
};

export type HistoryRecord = { id: number; messagesAdded: StoredMessage[] };

export type Mailbox = {
  email: string;
  historyId: number;
  /** history records with id > historyFloor are retained; an older startHistoryId → 404 */
  historyFloor: number;
  messages: Map<string, StoredMessage>;
  /** threadId → messages, oldest first */
  threads: Map<string, StoredMessage[]>;
  history: HistoryRecord[];
};

export type PermissionRole = 'owner' | 'organizer' | 'fileOrganizer' | 'writer' | 'commenter' | 'reader';
export type Permission = { id: string; type: 'user' | 'group' | 'domain' | 'anyone'; role: PermissionRole; emailAddress?: string; domain?: string; displayName?: string };

export type DriveFile = {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  owner: string;
  permissions: Permission[];
  createdTime: number;
  modifiedTime: number;
  trashed: boolean;
  starred: boolean;
  description?: string;
  properties?: Record<string, string>;
  appProperties?: Record<string, string>;
  /** OAuth clients that created/opened the file (the drive.file scope sees only these) */
  appClients: Set<string>;
  /** My Drive root folder of `owner` */
  isRoot?: boolean;
  version: number;
};

/**
 * A cell that holds a formula: entered with valueInputOption=USER_ENTERED ("=…") or as
 * userEnteredValue.formulaValue. A string that merely starts with "=" (RAW) is text.
 */
export type Formula = { formula: string };

export type CellValue = string | number | boolean | null | Formula;

export const isFormula = (value: unknown): value is Formula => typeof value === 'object' && value !== null && typeof (value as Formula).formula === 'string';

export type SheetFormat = { range: { startRowIndex?: number; endRowIndex?: number; startColumnIndex?: number; endColumnIndex?: number }; cell: unknown; fields: string };

export type Sheet = {
  properties: {
    sheetId: number;
    title: string;
    index: number;
    sheetType: 'GRID';
    gridProperties: { rowCount: number; columnCount: number; frozenRowCount?: number; frozenColumnCount?: number };
    hidden?: boolean;
    tabColor?: unknown;
    tabColorStyle?: unknown;
  };
  /** row-major values; ragged rows allowed */
  cells: CellValue[][];
  /** repeatCell requests applied to this sheet (header formatting etc.), in order */
  formats: SheetFormat[];
  /** other requests stored as-is (basic filter, dimension properties...) */
  extras: Array<Record<string, unknown>>;
};

export type Spreadsheet = {
  spreadsheetId: string;
  properties: { locale: string; timeZone: string; autoRecalc: 'ON_CHANGE'; defaultFormat?: unknown };
  sheets: Sheet[];
};

export type AccessToken = { token: string; email: string; clientId: string; scopes: string[]; expiresAt: number; refreshToken?: string; revoked: boolean };
export type RefreshGrant = { token: string; email: string; clientId: string; scopes: string[]; revoked: boolean; createdAt: number };
export type AuthCode = {
  code: string;
  clientId: string;
  redirectUri: string;
  email: string;
  scopes: string[];
  codeChallenge?: string;
  codeChallengeMethod?: string;
  nonce?: string;
  expiresAt: number;
  used: boolean;
  issueRefreshToken: boolean;
  /** tokens issued for this code (revoked if the code is replayed) */
  issued?: string[];
};
export type PendingFlow = { id: string; params: Record<string, string>; createdAt: number };

export type EmulatorState = {
  issuer: string;
  accounts: Map<string, Account>;
  clients: Map<string, OAuthClient>;
  mailboxes: Map<string, Mailbox>;
  files: Map<string, DriveFile>;
  spreadsheets: Map<string, Spreadsheet>;
  tokens: {
    access: Map<string, AccessToken>;
    refresh: Map<string, RefreshGrant>;
    codes: Map<string, AuthCode>;
    flows: Map<string, PendingFlow>;
    /** `${clientId} ${email}` pairs that consented with access_type=offline */
    offlineConsents: Set<string>;
  };
  rng: Prng;
  clock: () => number;
  /** told of mail added through the API (messages.insert/import), e.g. to publish a Gmail push */
  onMailAdded?: (mailbox: string, labelIds: string[], historyId: number) => void;
};

export const FOLDER_MIME = 'application/vnd.google-apps.folder';
export const SPREADSHEET_MIME = 'application/vnd.google-apps.spreadsheet';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-';

export const newDriveId = (state: EmulatorState, length = 33): string => {
  let id: string;
  do id = `1${state.rng.chars(length - 1, ID_ALPHABET)}`;
  while (state.files.has(id));
  return id;
};

export const newGmailId = (state: EmulatorState, ms: number, taken: (id: string) => boolean): string => {
  let id: string;
  do id = ((BigInt(Math.max(0, Math.floor(ms))) << 20n) | BigInt(state.rng.int(0, 0xfffff))).toString(16).padStart(16, '0');
  while (taken(id));
  return id;
};

export const rootIdFor = (email: string): string => `0A${Buffer.from(email).toString('base64url').slice(0, 14)}Uk9PVA`;

export const emptyMailbox = (email: string, historyId = 1000): Mailbox => ({
  email,
  historyId,
  historyFloor: historyId,
  messages: new Map(),
  threads: new Map(),
  history: [],
});

export const ensureRootFolder = (state: EmulatorState, email: string): DriveFile => {
  const id = rootIdFor(email);
  let root = state.files.get(id);
  if (!root) {
    const t = state.clock();
    root = { id, name: 'My Drive', mimeType: FOLDER_MIME, parents: [], owner: email, permissions: [], createdTime: t, modifiedTime: t, trashed: false, starred: false, appClients: new Set(), isRoot: true, version: 1 };
    state.files.set(id, root);
  }
  return root;
};

export const addAccount = (state: EmulatorState, account: Omit<Account, 'sub'> & { sub?: string }): Account => {
  const email = account.email.toLowerCase();
  const existing = state.accounts.get(email);
  if (existing) return existing;
  const sub = account.sub ?? String(100000000000000000000n + BigInt(state.rng.int(0, 2 ** 31)) * 1000000000n + BigInt(state.rng.int(0, 999999999)));
  const full: Account = { ...account, email, sub };
  state.accounts.set(email, full);
  if (!state.mailboxes.has(email)) state.mailboxes.set(email, emptyMailbox(email, 1000 + state.rng.int(0, 50000)));
  ensureRootFolder(state, email);
  return full;
};

export const searchableOf = (m: StoredMessage): Searchable =>
  (m.search ??= {
    from: [parseAddress(m.from)],
    to: parseAddressList(m.to),
    cc: parseAddressList(m.cc),
    bcc: parseAddressList(m.bcc),
    deliveredTo: m.labelIds.includes('SENT') ? undefined : m.mailbox,
    subject: m.subject,
    body: m.body,
    labelIds: m.labelIds,
    internalDate: m.internalDate,
    messageId: m.messageId,
    get sizeEstimate() {
      return (m.size ??= m.raw !== undefined ? Buffer.from(m.raw, 'base64').length : Buffer.byteLength(rawOf(m, m.mailbox)));
    },
  });

export const insertMessage = (mb: Mailbox, m: StoredMessage): void => {
  mb.messages.set(m.id, m);
  const list = mb.threads.get(m.threadId);
  if (list) {
    list.push(m);
    list.sort((a, b) => a.internalDate - b.internalDate || a.historyId - b.historyId);
  } else mb.threads.set(m.threadId, [m]);
};

export const buildState = (seed: SeedData | undefined, issuer: string, clock: () => number, rngSeed = 0x600913): EmulatorState => {
  const state: EmulatorState = {
    issuer,
    accounts: new Map(),
    clients: new Map(),
    mailboxes: new Map(),
    files: new Map(),
    spreadsheets: new Map(),
    tokens: { access: new Map(), refresh: new Map(), codes: new Map(), flows: new Map(), offlineConsents: new Set() },
    rng: mulberry32(rngSeed),
    clock,
  };
  if (!seed) return state;

  for (const a of seed.accounts) addAccount(state, { ...a, ...(a.hd ? { hd: a.hd } : {}) });

  for (const smb of seed.mailboxes) {
    const email = smb.email.toLowerCase();
    const mb = emptyMailbox(email, Number(smb.historyId));
    mb.historyFloor = Number(smb.historyFloor);
    for (const sm of smb.messages) {
      const m: StoredMessage = {
        id: sm.id,
        threadId: sm.threadId,
        historyId: Number(sm.historyId),
        internalDate: Date.parse(sm.date),
        from: sm.from,
        to: sm.to,
        cc: sm.cc,
        bcc: [],
        subject: sm.subject,
        body: sm.body,
        labelIds: [...sm.labelIds],
        messageId: sm.messageId,
        ...(sm.inReplyTo ? { inReplyTo: sm.inReplyTo } : {}),
        ...(sm.references ? { references: sm.references } : {}),
        ...(sm.headers ? { headers: { ...sm.headers } } : {}),
        mailbox: email,
      };
      insertMessage(mb, m);
      if (m.historyId > mb.historyFloor) mb.history.push({ id: m.historyId, messagesAdded: [m] });
    }
    state.mailboxes.set(email, mb);
  }

  for (const f of seed.drive.files) {
    const owner = f.owner.toLowerCase();
    ensureRootFolder(state, owner);
    let n = 0;
    state.files.set(f.id, {
      id: f.id,
      name: f.name,
      mimeType: f.mimeType,
      parents: f.parents.map((p) => (p === 'root' ? rootIdFor(owner) : p)),
      owner,
      permissions: f.permissions.map((p) => ({ id: permissionIdFor(p.emailAddress, n++), type: 'user', role: p.role, emailAddress: p.emailAddress.toLowerCase() })),
      createdTime: Date.parse(f.createdTime),
      modifiedTime: Date.parse(f.modifiedTime),
      trashed: false,
      starred: false,
      appClients: new Set(),
      version: 1,
    });
  }

  for (const s of seed.sheets.spreadsheets) {
    state.spreadsheets.set(s.spreadsheetId, {
      spreadsheetId: s.spreadsheetId,
      properties: { locale: 'en_GB', timeZone: 'Europe/London', autoRecalc: 'ON_CHANGE' },
      sheets: s.sheets.map((sh, index) => ({
        properties: {
          sheetId: sh.sheetId,
          title: sh.title,
          index,
          sheetType: 'GRID',
          gridProperties: { rowCount: Math.max(1000, sh.values.length), columnCount: Math.max(26, ...sh.values.map((r) => r.length)) },
        },
        cells: sh.values.map((r) => [...r]),
        formats: [],
        extras: [],
      })),
    });
  }
  return state;
};

/** Drive permission ids for users are stable numeric strings per e-mail. */
export const permissionIdFor = (email: string | undefined, salt = 0): string => {
  if (!email) return `anyone${salt}`;
  let h = 0n;
  for (const ch of email.toLowerCase()) h = (h * 131n + BigInt(ch.codePointAt(0)!)) % 10n ** 20n;
  return String(h).padStart(20, '0');
};
