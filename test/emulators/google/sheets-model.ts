/** Spreadsheet model helpers: creation, range resolution, reading and writing values. */
import type { sheets_v4 } from '@googleapis/sheets';
import { A1Error, formatA1, parseA1 } from './a1';
import { GoogleError } from './errors';
import { ERROR_TYPES, evaluateFormula, formulaText, type FormulaResult } from './formula';
import { isFormula, type CellValue, type EmulatorState, type Sheet, type Spreadsheet } from './state';

export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLS = 26;

export type SheetSpec = { title?: string; sheetId?: number; index?: number; rowCount?: number; columnCount?: number; frozenRowCount?: number; hidden?: boolean };

export const newSheetId = (state: EmulatorState, taken: Set<number>): number => {
  let id: number;
  do id = state.rng.int(1, 2_147_483_646);
  while (taken.has(id));
  return id;
};

export const makeSheet = (state: EmulatorState, spec: SheetSpec, index: number, taken: Set<number>): Sheet => {
  const sheetId = spec.sheetId ?? (taken.size === 0 ? 0 : newSheetId(state, taken));
  taken.add(sheetId);
  return {
    properties: {
      sheetId,
      title: spec.title ?? `Sheet${index + 1}`,
      index,
      sheetType: 'GRID',
      gridProperties: { rowCount: spec.rowCount ?? DEFAULT_ROWS, columnCount: spec.columnCount ?? DEFAULT_COLS, ...(spec.frozenRowCount ? { frozenRowCount: spec.frozenRowCount } : {}) },
      ...(spec.hidden ? { hidden: true } : {}),
    },
    cells: [],
    formats: [],
    extras: [],
  };
};

export const createSpreadsheet = (state: EmulatorState, id: string, sheets: SheetSpec[]): Spreadsheet => {
  const taken = new Set<number>();
  const specs = sheets.length ? sheets : [{ title: 'Sheet1' }];
  const s: Spreadsheet = {
    spreadsheetId: id,
    properties: { locale: 'en_US', timeZone: 'Etc/GMT', autoRecalc: 'ON_CHANGE' },
    sheets: specs.map((spec, i) => makeSheet(state, spec, i, taken)),
  };
  state.spreadsheets.set(id, s);
  return s;
};

export const spreadsheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;

export const sheetProperties = (sh: Sheet): sheets_v4.Schema$SheetProperties => structuredClone(sh.properties) as sheets_v4.Schema$SheetProperties;

/**
 * A cell as values.get renders it: FORMULA gives a formula cell's formula, the other options its
 * result (see formula.ts); text is text under every option, even when it starts with "=".
 */
export const cellToApi = (v: CellValue, render: string): unknown => {
  if (v === null || v === undefined) return '';
  if (isFormula(v)) {
    if (render === 'FORMULA') return v.formula;
    const result = evaluateFormula(v.formula);
    if (typeof result === 'object') return result.error;
    return render === 'UNFORMATTED_VALUE' ? result : formulaText(result);
  }
  if (render === 'UNFORMATTED_VALUE' || render === 'FORMULA') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
};

const extendedValue = (v: Exclude<CellValue, null> | FormulaResult) =>
  typeof v === 'number'
    ? { numberValue: v }
    : typeof v === 'boolean'
      ? { boolValue: v }
      : typeof v === 'string'
        ? { stringValue: v }
        : 'formula' in v
          ? { formulaValue: v.formula }
          : { errorValue: { type: ERROR_TYPES[v.error], message: `Formula error ${v.error}` } };

const userEntered = (v: Exclude<CellValue, null>) => extendedValue(v);
const effective = (v: Exclude<CellValue, null>) => extendedValue(isFormula(v) ? evaluateFormula(v.formula) : v);

/** A cell from an ExtendedValue (updateCells, appendCells, repeatCell, create): only formulaValue is a formula. */
export const fromExtendedValue = (v: sheets_v4.Schema$ExtendedValue): CellValue =>
  v.stringValue ?? v.numberValue ?? v.boolValue ?? (typeof v.formulaValue === 'string' ? { formula: v.formulaValue } : null);

export const spreadsheetResource = (state: EmulatorState, s: Spreadsheet, includeGridData = false): sheets_v4.Schema$Spreadsheet => ({
  spreadsheetId: s.spreadsheetId,
  properties: {
    title: state.files.get(s.spreadsheetId)?.name ?? 'Untitled spreadsheet',
    locale: s.properties.locale,
    autoRecalc: s.properties.autoRecalc,
    timeZone: s.properties.timeZone,
    defaultFormat: {
      backgroundColor: { red: 1, green: 1, blue: 1 },
      padding: { top: 2, right: 3, bottom: 2, left: 3 },
      verticalAlignment: 'BOTTOM',
      wrapStrategy: 'OVERFLOW_CELL',
      textFormat: { foregroundColor: {}, fontFamily: 'arial,sans,sans-serif', fontSize: 10, bold: false, italic: false, strikethrough: false, underline: false },
    },
  },
  sheets: [...s.sheets]
    .sort((a, b) => a.properties.index - b.properties.index)
    .map((sh) => {
      const out: sheets_v4.Schema$Sheet = { properties: sheetProperties(sh) };
      if (includeGridData) {
        out.data = [
          {
            startRow: 0,
            startColumn: 0,
            rowData: sh.cells.map((row) => ({
              values: row.map((v) => (v === null || v === undefined || v === '' ? {} : { userEnteredValue: userEntered(v), effectiveValue: effective(v), formattedValue: String(cellToApi(v, 'FORMATTED_VALUE')) })),
            })),
          },
        ];
      }
      const basicFilter = sh.extras.find((e) => 'setBasicFilter' in e);
      if (basicFilter) out.basicFilter = (basicFilter.setBasicFilter as { filter: sheets_v4.Schema$BasicFilter }).filter;
      return out;
    }),
  spreadsheetUrl: spreadsheetUrl(s.spreadsheetId),
});

export type Bounded = { startRow: number; endRow: number; startCol: number; endCol: number };
export type Resolved = { sheet: Sheet; range: Bounded; open: { endRow: boolean; endCol: boolean } };

export const unableToParse = (range: string) => new GoogleError(400, { message: `Unable to parse range: ${range}`, reason: 'badRequest' });

/** Sheets' answer to a range outside the grid: `Range ('Tab'!A1001) exceeds grid limits. Max rows: 1000, max columns: 26`. */
export const exceedsGrid = (sheet: Sheet, range: Bounded): GoogleError => {
  const g = sheet.properties.gridProperties;
  return new GoogleError(400, { message: `Range (${formatA1(sheet.properties.title, range)}) exceeds grid limits. Max rows: ${g.rowCount}, max columns: ${g.columnCount}`, reason: 'badRequest' });
};

export const findSheet = (s: Spreadsheet, title: string | undefined): Sheet | undefined => {
  if (title === undefined) return [...s.sheets].sort((a, b) => a.properties.index - b.properties.index)[0];
  return s.sheets.find((sh) => sh.properties.title === title) ?? s.sheets.find((sh) => sh.properties.title.toLowerCase() === title.toLowerCase());
};

/**
 * Resolves an A1 range against the grid. Reads and writes (values.update, values.batchUpdate)
 * past the grid's rows or columns are 400 "exceeds grid limits", as in Sheets; only
 * values.append ('append') may start below the last row, because it grows the grid.
 */
export const resolveRange = (s: Spreadsheet, input: string, mode: 'read' | 'write' | 'append'): Resolved => {
  let a;
  try {
    a = parseA1(input);
  } catch (e) {
    if (e instanceof A1Error) throw unableToParse(input);
    throw e;
  }
  const sheet = findSheet(s, a.sheet);
  if (!sheet) throw unableToParse(input);
  const g = sheet.properties.gridProperties;
  const range: Bounded = {
    startRow: a.startRow ?? 0,
    endRow: a.endRow ?? g.rowCount,
    startCol: a.startCol ?? 0,
    endCol: a.endCol ?? g.columnCount,
  };
  const tooWide = range.endCol > g.columnCount || range.startCol >= g.columnCount;
  const tooTall = mode !== 'append' && (range.endRow > g.rowCount || range.startRow >= g.rowCount);
  if (tooWide || tooTall) throw exceedsGrid(sheet, { ...range, endRow: Math.max(range.endRow, range.startRow + 1) });
  return { sheet, range, open: { endRow: a.endRow === undefined, endCol: a.endCol === undefined } };
};

const isEmpty = (v: CellValue | undefined) => v === null || v === undefined || v === '';

/** Reads values (trailing empty rows/cells trimmed, as the API does). */
export const readValues = (r: Resolved, majorDimension: string, render: string): unknown[][] => {
  const rows: unknown[][] = [];
  for (let i = r.range.startRow; i < Math.min(r.range.endRow, r.sheet.cells.length); i++) {
    const src = r.sheet.cells[i] ?? [];
    const row: unknown[] = [];
    for (let j = r.range.startCol; j < Math.min(r.range.endCol, src.length); j++) row.push(isEmpty(src[j]) ? '' : cellToApi(src[j]!, render));
    while (row.length && row[row.length - 1] === '') row.pop();
    rows.push(row);
  }
  while (rows.length && rows[rows.length - 1]!.length === 0) rows.pop();
  if (majorDimension === 'COLUMNS') {
    const width = Math.max(0, ...rows.map((x) => x.length));
    const cols: unknown[][] = [];
    for (let j = 0; j < width; j++) {
      const col = rows.map((x) => (j < x.length ? x[j] : ''));
      while (col.length && col[col.length - 1] === '') col.pop();
      cols.push(col);
    }
    return cols;
  }
  return rows;
};

/** The bounded range actually returned for a read (the requested range clipped to the grid). */
export const returnedRange = (r: Resolved): string => formatA1(r.sheet.properties.title, r.range);

export const parseInput = (v: unknown, option: string): CellValue => {
  if (v === null || v === undefined) return null;
  if (option === 'RAW') return typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  const s = String(v);
  if (s.startsWith("'")) return s.slice(1);
  // as typed in the UI: a leading "=" makes a formula (RAW, above, keeps it as text)
  if (s.startsWith('=') && s.length > 1) return { formula: s };
  const t = s.trim();
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return Number(t);
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ''));
  if (/^true$/i.test(t)) return true;
  if (/^false$/i.test(t)) return false;
  return s;
};

export type WriteResult = { updatedRange: string; updatedRows: number; updatedColumns: number; updatedCells: number };

/**
 * Writes a 2-D array at the range's top-left. Columns must fit; rows must fit too unless
 * `growRows` (values.append, which adds rows as Sheets does): values.update and
 * values.batchUpdate never grow the grid, the caller appends rows first (appendDimension).
 */
export const writeValues = (r: Resolved, values: unknown[][], option: string, majorDimension = 'ROWS', growRows = false): WriteResult => {
  let grid = values;
  if (majorDimension === 'COLUMNS') {
    const height = Math.max(0, ...values.map((c) => c.length));
    grid = Array.from({ length: height }, (_, i) => values.map((c) => c[i] ?? null));
  }
  const { sheet, range } = r;
  const g = sheet.properties.gridProperties;
  const width = Math.max(0, ...grid.map((row) => row.length));
  // a single-cell range is only an anchor: values extend from it
  const singleCell = range.endRow - range.startRow === 1 && range.endCol - range.startCol === 1;
  const boundedRows = !r.open.endRow && !singleCell;
  const boundedCols = !r.open.endCol && !singleCell;
  if ((boundedRows && grid.length > range.endRow - range.startRow) || (boundedCols && width > range.endCol - range.startCol)) {
    throw new GoogleError(400, {
      message: `Requested writing within range [${returnedRange(r)}], but tried writing ${grid.length > range.endRow - range.startRow ? `to row [${range.startRow + grid.length}]` : `to column [${range.startCol + width}]`}`,
      reason: 'badRequest',
    });
  }
  const written = { startRow: range.startRow, endRow: range.startRow + Math.max(1, grid.length), startCol: range.startCol, endCol: range.startCol + Math.max(1, width) };
  if (range.startCol + width > g.columnCount || (!growRows && range.startRow + grid.length > g.rowCount)) throw exceedsGrid(sheet, written);
  if (range.startRow + grid.length > g.rowCount) g.rowCount = range.startRow + grid.length;
  let cells = 0;
  for (let i = 0; i < grid.length; i++) {
    const rowIndex = range.startRow + i;
    const row = (sheet.cells[rowIndex] ??= []);
    for (let j = 0; j < grid[i]!.length; j++) {
      const v = grid[i]![j];
      if (v === null || v === undefined) continue;
      while (row.length < range.startCol + j) row.push(null);
      row[range.startCol + j] = parseInput(v, option);
      cells++;
    }
  }
  for (let i = 0; i < sheet.cells.length; i++) sheet.cells[i] ??= [];
  if (grid.length === 0 || width === 0) return { updatedRange: formatA1(sheet.properties.title, { startRow: range.startRow, endRow: range.startRow + 1, startCol: range.startCol, endCol: range.startCol + 1 }), updatedRows: 0, updatedColumns: 0, updatedCells: 0 };
  return {
    updatedRange: formatA1(sheet.properties.title, { startRow: range.startRow, endRow: range.startRow + grid.length, startCol: range.startCol, endCol: range.startCol + width }),
    updatedRows: grid.filter((row) => row.some((v) => v !== null && v !== undefined)).length,
    updatedColumns: width,
    updatedCells: cells,
  };
};

/** Clears the values of a range. */
export const clearValues = (r: Resolved): void => {
  for (let i = r.range.startRow; i < Math.min(r.range.endRow, r.sheet.cells.length); i++) {
    const row = r.sheet.cells[i]!;
    for (let j = r.range.startCol; j < Math.min(r.range.endCol, row.length); j++) row[j] = null;
  }
};

