// The v4 module only: the package index also loads every other version and a global AuthPlus.
import { sheets_v4 } from '@googleapis/sheets/build/v4';
import { callGoogle, clientOptions, type GoogleContext } from './call';
import { GoogleNotFound } from './errors';

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

export const createSheetsClient = (ctx: GoogleContext) => {
  const api: sheets_v4.Sheets = new sheets_v4.Sheets(clientOptions(ctx, 'sheets'));
  const call = <T>(operation: string, fn: () => Promise<{ data: T }>) =>
    callGoogle(ctx, { api: 'sheets', operation, notFound: () => new GoogleNotFound('Sheet not found or deleted') }, async () => (await fn()).data);

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
      const res = await call('spreadsheets.values.batchUpdate', () =>
        api.spreadsheets.values.batchUpdate({ spreadsheetId, requestBody: { valueInputOption: 'RAW', data } }),
      );
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
