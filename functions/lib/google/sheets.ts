// The v4 module only: the package index also loads every other version and a global AuthPlus.
import { sheets_v4 } from '@googleapis/sheets/build/v4';
import { callGoogle, clientOptions, type GoogleContext } from './call';
import { GoogleNotFound, GoogleRequestRejected } from './errors';
import { sharedSheetsQuotaLimiter, type SheetsQuotaLimiter, type SheetsRequestKind } from './sheets-quota';

/**
 * Sheets as the product uses it: create the trackers with header rows, read a longlist, and
 * write many rows in one call. Values are written RAW: cells hold e-mail text, and
 * USER_ENTERED would turn a subject like "=HYPERLINK(...)" into a live formula.
 */
export type TabSpec = { name: string; headers: string[] };
export type SheetTab = { name: string; sheetId: number };
export type SpreadsheetInfo = { id: string; title: string; url?: string; tabs: SheetTab[] };
export type ValueRange = { range: string; values: (string | number | boolean | null)[][] };
export type Cell = string | number | boolean | null;

/** A1 notation with the tab name quoted, so names with spaces or quotes work. */
export const a1 = (tab: string, range?: string): string => `'${tab.replace(/'/g, "''")}'${range ? `!${range}` : ''}`;

const toInfo = (s: sheets_v4.Schema$Spreadsheet): SpreadsheetInfo => ({
  id: s.spreadsheetId ?? '',
  title: s.properties?.title ?? '',
  ...(s.spreadsheetUrl ? { url: s.spreadsheetUrl } : {}),
  tabs: (s.sheets ?? []).map((sh) => ({ name: sh.properties?.title ?? '', sheetId: sh.properties?.sheetId ?? 0 })),
});

const headerRow = (sheetId: number, headers: string[]): sheets_v4.Schema$Request => ({
  updateCells: {
    start: { sheetId, rowIndex: 0, columnIndex: 0 },
    fields: 'userEnteredValue,userEnteredFormat.textFormat.bold,userEnteredFormat.backgroundColor',
    rows: [
      {
        values: headers.map((h) => ({
          userEnteredValue: { stringValue: h },
          userEnteredFormat: { textFormat: { bold: true }, backgroundColor: { red: 0.93, green: 0.93, blue: 0.93 } },
        })),
      },
    ],
  },
});

/** A new sheet has 1,000 rows; writes below a grid's last row fail until rows are appended. */
export const DEFAULT_GRID_ROWS = 1000;
/** Rows added beyond what a write needs, so a growing tracker does not append rows at every sync. */
export const GRID_HEADROOM_ROWS = 500;

/** The tab and the last (1-based) row a values write touches: `'Tab'!A1500:N1500` with one row → 1500. */
export const lastRowOf = (range: string, rowCount: number): { tab: string; lastRow: number } | undefined => {
  const bang = range.lastIndexOf('!');
  if (bang < 0) return undefined;
  const rawTab = range.slice(0, bang);
  const tab = rawTab.startsWith("'") && rawTab.endsWith("'") ? rawTab.slice(1, -1).replace(/''/g, "'") : rawTab;
  const first = /^[A-Za-z]*(\d+)/.exec(range.slice(bang + 1));
  const startRow = first ? Number(first[1]) : 1;
  return { tab, lastRow: startRow + Math.max(rowCount, 1) - 1 };
};

const exceedsGrid = (error: unknown) => error instanceof GoogleRequestRejected && error.upstreamStatus === 400 && /exceeds grid limits/i.test(error.message);

/** Which user's quota a client spends: the caller names it; otherwise one key per OAuth client. */
const anonymousUsers = new WeakMap<object, string>();
const userKeyOf = (ctx: GoogleContext & { user?: string }): string => {
  if (ctx.user) return ctx.user;
  let key = anonymousUsers.get(ctx.auth);
  if (!key) anonymousUsers.set(ctx.auth, (key = `client-${Math.random().toString(36).slice(2)}`));
  return key;
};

export type SheetsContext = GoogleContext & {
  /** The Google account the calls act as: its per-user Sheets quota is the one spent. */
  user?: string;
  limiter?: SheetsQuotaLimiter;
};

const READS = new Set(['spreadsheets.get', 'spreadsheets.values.get', 'spreadsheets.values.batchGet']);

export const createSheetsClient = (ctx: SheetsContext) => {
  const api: sheets_v4.Sheets = new sheets_v4.Sheets(clientOptions(ctx, 'sheets'));
  const limiter = ctx.limiter ?? sharedSheetsQuotaLimiter();
  const user = userKeyOf(ctx);
  // Every Sheets call waits for its user's and the project's quota first; after a 429 it waits
  // past the quota window (Sheets sends no Retry-After) and holds back the other callers too.
  const call = <T>(operation: string, fn: () => Promise<{ data: T }>) => {
    const kind: SheetsRequestKind = READS.has(operation) ? 'read' : 'write';
    return callGoogle(
      ctx,
      {
        api: 'sheets',
        operation,
        notFound: () => new GoogleNotFound('Sheet not found or deleted'),
        beforeAttempt: (maxWaitMs) => limiter.spend(user, kind, maxWaitMs),
        onRateLimited: (ms, failure) => limiter.penalize(user, kind, ms, failure.status === 429 && failure.message && !/per user/i.test(failure.message) ? 'project' : 'user'),
        rateLimitBackoffMs: () => limiter.backoffAfter429Ms(),
        rateLimitMessage: 'Google Sheets quota is spent for now',
      },
      async () => (await fn()).data,
    );
  };

  /** Rows per tab as last seen, per spreadsheet: a sync that grew the grid does not read it again. */
  const gridRows = new Map<string, Map<string, { sheetId: number; rowCount: number }>>();
  const readGrid = async (spreadsheetId: string) => {
    const data = await call('spreadsheets.get', () => api.spreadsheets.get({ spreadsheetId, fields: 'sheets.properties(sheetId,title,gridProperties.rowCount)' }));
    const tabs = new Map<string, { sheetId: number; rowCount: number }>(
      (data.sheets ?? []).map((sh) => [sh.properties?.title ?? '', { sheetId: sh.properties?.sheetId ?? 0, rowCount: sh.properties?.gridProperties?.rowCount ?? DEFAULT_GRID_ROWS }]),
    );
    gridRows.set(spreadsheetId, tabs);
    return tabs;
  };

  /**
   * values.update and values.batchUpdate never add rows (only values.append does): a write below
   * a tab's last row fails with 400 "exceeds grid limits". Appends the rows first, reading the
   * grid only when a write goes past what is known (1,000 rows for a new sheet), or on `force`.
   */
  const ensureRows = async (spreadsheetId: string, data: ValueRange[], force = false): Promise<void> => {
    const needed = new Map<string, number>();
    for (const vr of data) {
      const last = lastRowOf(vr.range, vr.values.length);
      if (last) needed.set(last.tab, Math.max(needed.get(last.tab) ?? 0, last.lastRow));
    }
    const known = force ? undefined : gridRows.get(spreadsheetId);
    if (!force && ![...needed].some(([tab, row]) => row > (known?.get(tab)?.rowCount ?? DEFAULT_GRID_ROWS))) return;
    const grid = known ?? (await readGrid(spreadsheetId));
    const requests: sheets_v4.Schema$Request[] = [];
    for (const [tab, row] of needed) {
      const current = grid.get(tab) ?? [...grid].find(([title]) => title.toLowerCase() === tab.toLowerCase())?.[1];
      if (!current || row <= current.rowCount) continue;
      const length = row - current.rowCount + GRID_HEADROOM_ROWS;
      requests.push({ appendDimension: { sheetId: current.sheetId, dimension: 'ROWS', length } });
      current.rowCount += length;
    }
    if (requests.length) await call('spreadsheets.batchUpdate', () => api.spreadsheets.batchUpdate({ spreadsheetId, requestBody: { requests } }));
  };

  return {
    /** Two calls: create (tabs, frozen header row), then one batchUpdate writing bold headers. */
    async createSpreadsheet(title: string, tabs: TabSpec[]): Promise<SpreadsheetInfo> {
      const created = await call('spreadsheets.create', () =>
        api.spreadsheets.create({
          fields: 'spreadsheetId,spreadsheetUrl,properties.title,sheets.properties(sheetId,title,index)',
          requestBody: {
            properties: { title },
            sheets: tabs.map((tab, index) => ({
              properties: { title: tab.name, index, gridProperties: { frozenRowCount: 1, columnCount: Math.max(26, tab.headers.length) } },
            })),
          },
        }),
      );
      const info = toInfo(created);
      const requests = tabs
        .map((tab) => ({ tab, sheetId: info.tabs.find((t) => t.name === tab.name)?.sheetId }))
        .filter((t): t is { tab: TabSpec; sheetId: number } => t.sheetId !== undefined && t.tab.headers.length > 0)
        .map(({ tab, sheetId }) => headerRow(sheetId, tab.headers));
      if (requests.length) {
        await call('spreadsheets.batchUpdate', () => api.spreadsheets.batchUpdate({ spreadsheetId: info.id, requestBody: { requests } }));
      }
      return info;
    },

    async getMetadata(spreadsheetId: string): Promise<SpreadsheetInfo> {
      return toInfo(
        await call('spreadsheets.get', () =>
          api.spreadsheets.get({ spreadsheetId, fields: 'spreadsheetId,spreadsheetUrl,properties.title,sheets.properties(sheetId,title,index)' }),
        ),
      );
    },

    /** Formatted values as the user sees them; trailing empty cells are absent, as Sheets returns them. */
    async readValues(spreadsheetId: string, range: string): Promise<string[][]> {
      const data = await call('spreadsheets.values.get', () => api.spreadsheets.values.get({ spreadsheetId, range }));
      return (data.values ?? []).map((row) => row.map((v) => String(v ?? '')));
    },

    async batchGet(spreadsheetId: string, ranges: string[]): Promise<{ range: string; values: string[][] }[]> {
      const data = await call('spreadsheets.values.batchGet', () => api.spreadsheets.values.batchGet({ spreadsheetId, ranges }));
      return (data.valueRanges ?? []).map((vr) => ({ range: vr.range ?? '', values: (vr.values ?? []).map((row) => row.map((v) => String(v ?? ''))) }));
    },

    /** Every range in one request: one spreadsheet, one call, whatever the number of rows. */
    async batchUpdateValues(spreadsheetId: string, data: ValueRange[]): Promise<{ updatedCells: number; updatedRows: number }> {
      if (data.length === 0) return { updatedCells: 0, updatedRows: 0 };
      await ensureRows(spreadsheetId, data);
      const write = () => call('spreadsheets.values.batchUpdate', () => api.spreadsheets.values.batchUpdate({ spreadsheetId, requestBody: { valueInputOption: 'RAW', data } }));
      const res = await write().catch(async (error: unknown) => {
        // The grid is smaller than we knew (someone deleted rows): read it, grow it, write once more.
        if (!exceedsGrid(error)) throw error;
        await ensureRows(spreadsheetId, data, true);
        return write();
      });
      return { updatedCells: res.totalUpdatedCells ?? 0, updatedRows: res.totalUpdatedRows ?? 0 };
    },

    /** Deletes one row (1-based, as people count) of a tab; the rows below move up. */
    async deleteRow(spreadsheetId: string, sheetId: number, row: number): Promise<void> {
      await call('spreadsheets.batchUpdate', () =>
        api.spreadsheets.batchUpdate({
          spreadsheetId,
          requestBody: { requests: [{ deleteDimension: { range: { sheetId, dimension: 'ROWS', startIndex: row - 1, endIndex: row } } }] },
        }),
      );
      for (const tab of gridRows.get(spreadsheetId)?.values() ?? []) if (tab.sheetId === sheetId) tab.rowCount -= 1;
    },

    async appendRows(spreadsheetId: string, tab: string, rows: Cell[][]): Promise<{ updatedRange: string }> {
      const res = await call('spreadsheets.values.append', () =>
        api.spreadsheets.values.append({
          spreadsheetId,
          range: a1(tab, 'A1'),
          valueInputOption: 'RAW',
          insertDataOption: 'INSERT_ROWS',
          requestBody: { values: rows },
        }),
      );
      return { updatedRange: res.updates?.updatedRange ?? '' };
    },
  };
};

export type SheetsClient = ReturnType<typeof createSheetsClient>;
