/** Sheets API v4: spreadsheets create/get/batchUpdate and values get/batchGet/update/append/batchUpdate/clear. */
import type { sheets_v4 } from '@googleapis/sheets';
import { formatA1 } from './a1';
import { accessOf, driveScopeGrant } from './drive';
import { GoogleError, badRequest, insufficientScopes } from './errors';
import { bodyObject, q1, qAll, qBool, requireAccount, type Ctx, type Reply, type Route } from './http';
import {
  clearValues, createSpreadsheet, DEFAULT_COLS, DEFAULT_ROWS, findSheet, fromExtendedValue, makeSheet, readValues, resolveRange, returnedRange,
  sheetProperties, spreadsheetResource, writeValues, type Resolved, type SheetSpec, type WriteResult,
} from './sheets-model';
import { SPREADSHEET_MIME, ensureRootFolder, newDriveId, type DriveFile, type Sheet, type Spreadsheet } from './state';

const notFoundEntity = () => new GoogleError(404, { message: 'Requested entity was not found.', reason: 'notFound' });
const noPermission = () => new GoogleError(403, { message: 'The caller does not have permission', reason: 'forbidden' });

/** Loads a spreadsheet: 404 when it does not exist, 403 when the caller may not read (or write). */
const load = (ctx: Ctx, write: boolean): { s: Spreadsheet; file: DriveFile } => {
  const account = requireAccount(ctx);
  const g = driveScopeGrant(ctx, true);
  if (!g.appFiles && (g.all === 'none' || (write && g.all !== 'write'))) throw insufficientScopes();
  const id = ctx.params[0]!;
  const s = ctx.state.spreadsheets.get(id);
  const file = ctx.state.files.get(id);
  if (!s || !file) throw notFoundEntity();
  const access = accessOf(ctx.state, file, account.email);
  const scopeOk = g.all === 'write' || (g.all === 'read' && !write) || (g.appFiles && file.appClients.has(ctx.token!.clientId));
  if (access === 'none' || !scopeOk) throw noPermission();
  if (write && !(access === 'owner' || access === 'writer')) throw noPermission();
  return { s, file };
};

const touch = (ctx: Ctx, file: DriveFile) => {
  file.modifiedTime = ctx.state.clock();
  file.version++;
};

const valueInputOption = (v: unknown): string => {
  if (v === undefined || v === null || v === '') throw badRequest("'valueInputOption' is required but not specified", { reason: 'badRequest' });
  if (v !== 'RAW' && v !== 'USER_ENTERED') throw badRequest(`Invalid value at 'value_input_option' (type.googleapis.com/google.apps.sheets.v4.ValueInputOption), "${String(v)}"`);
  return v;
};

const renderOption = (ctx: Ctx) => q1(ctx, 'valueRenderOption') ?? 'FORMATTED_VALUE';
const majorDim = (v: unknown) => (v === 'COLUMNS' ? 'COLUMNS' : 'ROWS');

const valueRange = (r: Resolved, ctx: Ctx, major = majorDim(q1(ctx, 'majorDimension'))): sheets_v4.Schema$ValueRange => {
  const values = readValues(r, major, renderOption(ctx));
  const out: sheets_v4.Schema$ValueRange = { range: returnedRange(r), majorDimension: major };
  if (values.length) out.values = values;
  return out;
};

// ---------------------------------------------------------------- spreadsheets

const create = (ctx: Ctx): Reply => {
  const account = requireAccount(ctx);
  const g = driveScopeGrant(ctx, true);
  if (!g.appFiles && g.all !== 'write') throw insufficientScopes();
  const b = bodyObject(ctx) as sheets_v4.Schema$Spreadsheet;
  const specs: SheetSpec[] = (b.sheets ?? []).map((sh) => ({
    ...(sh.properties?.title ? { title: sh.properties.title } : {}),
    ...(typeof sh.properties?.sheetId === 'number' ? { sheetId: sh.properties.sheetId } : {}),
    ...(sh.properties?.gridProperties?.rowCount ? { rowCount: sh.properties.gridProperties.rowCount } : {}),
    ...(sh.properties?.gridProperties?.columnCount ? { columnCount: sh.properties.gridProperties.columnCount } : {}),
    ...(sh.properties?.gridProperties?.frozenRowCount ? { frozenRowCount: sh.properties.gridProperties.frozenRowCount } : {}),
  }));
  const titles = specs.map((x, i) => (x.title ?? `Sheet${i + 1}`).toLowerCase());
  if (new Set(titles).size !== titles.length) throw badRequest(`Invalid spreadsheet.sheets: A sheet with the name "${specs.find((x, i) => titles.indexOf((x.title ?? '').toLowerCase()) !== i)?.title}" already exists. Please enter another name.`);
  const root = ensureRootFolder(ctx.state, account.email);
  const id = newDriveId(ctx.state, 44);
  const now = ctx.state.clock();
  ctx.state.files.set(id, {
    id,
    name: b.properties?.title || 'Untitled spreadsheet',
    mimeType: SPREADSHEET_MIME,
    parents: [root.id],
    owner: account.email,
    permissions: [],
    createdTime: now,
    modifiedTime: now,
    trashed: false,
    starred: false,
    appClients: new Set([ctx.token!.clientId]),
    version: 1,
  });
  const s = createSpreadsheet(ctx.state, id, specs);
  if (b.properties?.locale) s.properties.locale = b.properties.locale;
  if (b.properties?.timeZone) s.properties.timeZone = b.properties.timeZone;
  // initial grid data, if any
  (b.sheets ?? []).forEach((sh, i) => {
    const rows = sh.data?.[0]?.rowData;
    if (!rows) return;
    const target = s.sheets[i]!;
    rows.forEach((row, ri) => {
      target.cells[ri] = (row.values ?? []).map((c) => (c.userEnteredValue ? fromExtendedValue(c.userEnteredValue) : null));
    });
  });
  return { body: spreadsheetResource(ctx.state, s) };
};

const get = (ctx: Ctx): Reply => {
  const { s } = load(ctx, false);
  const ranges = qAll(ctx, 'ranges');
  for (const r of ranges) resolveRange(s, r, 'read');
  return { body: spreadsheetResource(ctx.state, s, qBool(ctx, 'includeGridData')) };
};

type Req = Record<string, unknown>;
type GridRange = { sheetId?: number; startRowIndex?: number; endRowIndex?: number; startColumnIndex?: number; endColumnIndex?: number };

const applyMask = (target: Record<string, unknown>, patch: Record<string, unknown>, fields: string, where: string) => {
  if (!fields) throw badRequest(`Invalid requests[${where}]: At least one field must be updated.`);
  const list = fields === '*' ? Object.keys(patch) : fields.split(',').map((f) => f.trim());
  for (const path of list) {
    const parts = path.split('.');
    let src: unknown = patch;
    let dst: Record<string, unknown> = target;
    for (let i = 0; i < parts.length - 1; i++) {
      src = (src as Record<string, unknown> | undefined)?.[parts[i]!];
      dst = (dst[parts[i]!] ??= {}) as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    const v = (src as Record<string, unknown> | undefined)?.[last];
    if (v === undefined) delete dst[last];
    else dst[last] = structuredClone(v);
  }
};

const sheetById = (s: Spreadsheet, id: unknown, where: string): Sheet => {
  const sh = s.sheets.find((x) => x.properties.sheetId === (id ?? 0));
  if (!sh) throw badRequest(`Invalid requests[${where}]: No grid with id: ${String(id ?? 0)}`);
  return sh;
};

const reindex = (s: Spreadsheet) => {
  [...s.sheets].sort((a, b) => a.properties.index - b.properties.index).forEach((sh, i) => (sh.properties.index = i));
};

const applyRequest = (ctx: Ctx, s: Spreadsheet, file: DriveFile, req: Req, i: number): sheets_v4.Schema$Response => {
  const keys = Object.keys(req);
  if (keys.length !== 1) throw badRequest(`Invalid requests[${i}]: request must have exactly one kind set`);
  const kind = keys[0]!;
  const body = (req[kind] ?? {}) as Record<string, unknown>;
  const at = `${i}].${kind}`;
  switch (kind) {
    case 'addSheet': {
      const p = (body.properties ?? {}) as sheets_v4.Schema$SheetProperties;
      const title = p.title ?? `Sheet${s.sheets.length + 1}`;
      if (s.sheets.some((x) => x.properties.title.toLowerCase() === title.toLowerCase())) throw badRequest(`Invalid requests[${at}: A sheet with the name "${title}" already exists. Please enter another name.`);
      if (typeof p.sheetId === 'number' && s.sheets.some((x) => x.properties.sheetId === p.sheetId)) throw badRequest(`Invalid requests[${at}: Sheet with id ${p.sheetId} already exists.`);
      const taken = new Set(s.sheets.map((x) => x.properties.sheetId));
      const index = typeof p.index === 'number' ? Math.min(p.index, s.sheets.length) : s.sheets.length;
      for (const x of s.sheets) if (x.properties.index >= index) x.properties.index++;
      const sh = makeSheet(ctx.state, {
        title,
        ...(typeof p.sheetId === 'number' ? { sheetId: p.sheetId } : {}),
        rowCount: p.gridProperties?.rowCount ?? DEFAULT_ROWS,
        columnCount: p.gridProperties?.columnCount ?? DEFAULT_COLS,
        ...(p.gridProperties?.frozenRowCount ? { frozenRowCount: p.gridProperties.frozenRowCount } : {}),
        ...(p.hidden ? { hidden: true } : {}),
      }, index, taken);
      if (p.tabColor) sh.properties.tabColor = p.tabColor;
      if (p.tabColorStyle) sh.properties.tabColorStyle = p.tabColorStyle;
      s.sheets.push(sh);
      reindex(s);
      return { addSheet: { properties: sheetProperties(sh) } };
    }
    case 'deleteSheet': {
      const sh = sheetById(s, body.sheetId, at);
      if (s.sheets.length === 1) throw badRequest(`Invalid requests[${at}: You can't remove all the sheets in a document.`);
      s.sheets = s.sheets.filter((x) => x !== sh);
      reindex(s);
      return {};
    }
    case 'updateSheetProperties': {
      const p = (body.properties ?? {}) as sheets_v4.Schema$SheetProperties & Record<string, unknown>;
      const sh = sheetById(s, p.sheetId, at);
      const fields = String(body.fields ?? '');
      const next = structuredClone(sh.properties) as unknown as Record<string, unknown>;
      applyMask(next, p, fields, at);
      const title = next.title as string;
      if (!title) throw badRequest(`Invalid requests[${at}: The sheet name cannot be empty.`);
      if (s.sheets.some((x) => x !== sh && x.properties.title.toLowerCase() === title.toLowerCase())) throw badRequest(`Invalid requests[${at}: A sheet with the name "${title}" already exists. Please enter another name.`);
      const oldIndex = sh.properties.index;
      sh.properties = next as unknown as Sheet['properties'];
      sh.properties.sheetId = p.sheetId ?? 0;
      if (typeof next.index === 'number' && next.index !== oldIndex) {
        const order = [...s.sheets].sort((a, b) => a.properties.index - b.properties.index).filter((x) => x !== sh);
        order.splice(Math.min(next.index as number, order.length), 0, sh);
        order.forEach((x, k) => (x.properties.index = k));
      }
      return {};
    }
    case 'updateSpreadsheetProperties': {
      const p = (body.properties ?? {}) as sheets_v4.Schema$SpreadsheetProperties;
      const fields = String(body.fields ?? '');
      const list = fields === '*' ? Object.keys(p) : fields.split(',').map((f) => f.trim());
      if (!fields) throw badRequest(`Invalid requests[${at}: At least one field must be updated.`);
      for (const f of list) {
        if (f === 'title') file.name = p.title ?? file.name;
        else if (f === 'locale' && p.locale) s.properties.locale = p.locale;
        else if (f === 'timeZone' && p.timeZone) s.properties.timeZone = p.timeZone;
        else if (f.startsWith('defaultFormat')) s.properties.defaultFormat = p.defaultFormat;
      }
      return {};
    }
    case 'repeatCell': {
      const range = (body.range ?? {}) as GridRange;
      const sh = sheetById(s, range.sheetId, at);
      if (!body.fields) throw badRequest(`Invalid requests[${at}: At least one field must be updated.`);
      sh.formats.push({ range: { ...range }, cell: structuredClone(body.cell ?? {}), fields: String(body.fields) });
      const cell = body.cell as { userEnteredValue?: Record<string, unknown> } | undefined;
      if (cell?.userEnteredValue && String(body.fields).includes('userEnteredValue')) {
        const v = cell.userEnteredValue;
        const value = fromExtendedValue(v as sheets_v4.Schema$ExtendedValue);
        const g = sh.properties.gridProperties;
        for (let r = range.startRowIndex ?? 0; r < (range.endRowIndex ?? g.rowCount); r++) {
          const row = (sh.cells[r] ??= []);
          for (let c = range.startColumnIndex ?? 0; c < (range.endColumnIndex ?? g.columnCount); c++) {
            while (row.length < c) row.push(null);
            row[c] = value;
          }
        }
      }
      return {};
    }
    case 'appendDimension': {
      const sh = sheetById(s, body.sheetId, at);
      const length = Number(body.length ?? 0);
      if (!(length > 0)) throw badRequest(`Invalid requests[${at}: length must be > 0`);
      if (body.dimension === 'COLUMNS') sh.properties.gridProperties.columnCount += length;
      else sh.properties.gridProperties.rowCount += length;
      return {};
    }
    case 'insertDimension':
    case 'deleteDimension': {
      const range = (body.range ?? {}) as { sheetId?: number; dimension?: string; startIndex?: number; endIndex?: number };
      const sh = sheetById(s, range.sheetId, at);
      const start = range.startIndex ?? 0;
      const end = range.endIndex ?? start;
      if (end <= start) throw badRequest(`Invalid requests[${at}: endIndex must be greater than startIndex`);
      const n = end - start;
      const g = sh.properties.gridProperties;
      if (range.dimension === 'COLUMNS') {
        if (kind === 'deleteDimension' && end > g.columnCount) throw badRequest(`Invalid requests[${at}: Range exceeds grid limits`);
        for (const row of sh.cells) {
          if (row.length <= start) continue;
          if (kind === 'insertDimension') row.splice(start, 0, ...Array<null>(n).fill(null));
          else row.splice(start, n);
        }
        g.columnCount += kind === 'insertDimension' ? n : -n;
      } else {
        if (kind === 'deleteDimension' && end > g.rowCount) throw badRequest(`Invalid requests[${at}: Range exceeds grid limits`);
        if (kind === 'insertDimension') {
          if (sh.cells.length > start) sh.cells.splice(start, 0, ...Array.from({ length: n }, () => []));
        } else sh.cells.splice(start, n);
        g.rowCount += kind === 'insertDimension' ? n : -n;
      }
      return {};
    }
    case 'updateCells':
    case 'appendCells': {
      const sheetId = kind === 'appendCells' ? body.sheetId : ((body.start as GridRange | undefined)?.sheetId ?? (body.range as GridRange | undefined)?.sheetId);
      const sh = sheetById(s, sheetId, at);
      const rows = (body.rows ?? []) as sheets_v4.Schema$RowData[];
      const start = kind === 'appendCells'
        ? { row: sh.cells.reduce((last, r, k) => (r.some((v) => v !== null && v !== '') ? k + 1 : last), 0), col: 0 }
        : { row: Number((body.start as { rowIndex?: number } | undefined)?.rowIndex ?? (body.range as GridRange | undefined)?.startRowIndex ?? 0), col: Number((body.start as { columnIndex?: number } | undefined)?.columnIndex ?? (body.range as GridRange | undefined)?.startColumnIndex ?? 0) };
      const g = sh.properties.gridProperties;
      const width = Math.max(0, ...rows.map((r) => r.values?.length ?? 0));
      if (start.col + width > g.columnCount) throw badRequest(`Invalid requests[${at}: Range exceeds grid limits. Max rows: ${g.rowCount}, max columns: ${g.columnCount}`);
      if (start.row + rows.length > g.rowCount) {
        if (kind === 'appendCells') g.rowCount = start.row + rows.length;
        else throw badRequest(`Invalid requests[${at}: Range exceeds grid limits. Max rows: ${g.rowCount}, max columns: ${g.columnCount}`);
      }
      rows.forEach((rd, ri) => {
        const row = (sh.cells[start.row + ri] ??= []);
        (rd.values ?? []).forEach((c, ci) => {
          const v = c.userEnteredValue;
          if (!v) return;
          while (row.length < start.col + ci) row.push(null);
          row[start.col + ci] = fromExtendedValue(v);
        });
      });
      for (let k = 0; k < sh.cells.length; k++) sh.cells[k] ??= [];
      return {};
    }
    case 'setBasicFilter':
    case 'clearBasicFilter':
    case 'updateDimensionProperties':
    case 'autoResizeDimensions':
    case 'updateBorders':
    case 'addConditionalFormatRule':
    case 'setDataValidation':
    case 'mergeCells':
    case 'unmergeCells':
    case 'addProtectedRange':
    case 'addBanding': {
      const sid = (body.range as GridRange | undefined)?.sheetId ?? (body.filter as { range?: GridRange } | undefined)?.range?.sheetId ?? (body.dimensions as { sheetId?: number } | undefined)?.sheetId ?? (body.rule as { ranges?: GridRange[] } | undefined)?.ranges?.[0]?.sheetId ?? body.sheetId;
      const sh = sheetById(s, sid, at);
      if (kind === 'clearBasicFilter') sh.extras = sh.extras.filter((e) => !('setBasicFilter' in e));
      else {
        if (kind === 'setBasicFilter') sh.extras = sh.extras.filter((e) => !('setBasicFilter' in e));
        sh.extras.push({ [kind]: structuredClone(body) });
      }
      return {};
    }
    default:
      throw badRequest(`Invalid JSON payload received. Unknown name "${kind}" at 'requests[${i}]': Cannot find field.`);
  }
};

const batchUpdate = (ctx: Ctx): Reply => {
  const { s, file } = load(ctx, true);
  const b = bodyObject(ctx);
  const requests = b.requests;
  if (!Array.isArray(requests) || requests.length === 0) throw badRequest('Invalid requests: must specify at least one request.');
  // atomic: work on a copy, commit only when every request succeeds
  const draft: Spreadsheet = structuredClone(s);
  const fileDraft = { ...file };
  const replies = requests.map((req, i) => applyRequest(ctx, draft, fileDraft, req as Req, i));
  s.sheets = draft.sheets;
  s.properties = draft.properties;
  file.name = fileDraft.name;
  touch(ctx, file);
  const body: sheets_v4.Schema$BatchUpdateSpreadsheetResponse = { spreadsheetId: s.spreadsheetId, replies };
  if (b.includeSpreadsheetInResponse === true) body.updatedSpreadsheet = spreadsheetResource(ctx.state, s, b.responseIncludeGridData === true);
  return { body };
};

// ---------------------------------------------------------------- values

/** ":append" / ":clear" suffixes are part of the last path segment */
const rangeParam = (ctx: Ctx) => ctx.params[1]!;

const valuesGet = (ctx: Ctx): Reply => {
  const { s } = load(ctx, false);
  return { body: valueRange(resolveRange(s, rangeParam(ctx), 'read'), ctx) };
};

const valuesBatchGet = (ctx: Ctx): Reply => {
  const { s } = load(ctx, false);
  const ranges = qAll(ctx, 'ranges');
  const body: sheets_v4.Schema$BatchGetValuesResponse = { spreadsheetId: s.spreadsheetId, valueRanges: ranges.map((r) => valueRange(resolveRange(s, r, 'read'), ctx)) };
  return { body };
};

const responseValues = (ctx: Ctx, s: Spreadsheet, w: WriteResult) => {
  if (!qBool(ctx, 'includeValuesInResponse')) return {};
  return { updatedData: valueRange(resolveRange(s, w.updatedRange, 'read'), ctx, 'ROWS') };
};

const valuesUpdate = (ctx: Ctx): Reply => {
  const { s, file } = load(ctx, true);
  const option = valueInputOption(q1(ctx, 'valueInputOption'));
  const b = bodyObject(ctx) as sheets_v4.Schema$ValueRange;
  const r = resolveRange(s, rangeParam(ctx), 'write');
  if (b.range && returnedRangeOf(s, b.range) !== returnedRange(r)) throw badRequest(`Requested writing within range [${rangeParam(ctx)}], but tried writing to [${b.range}]`);
  const w = writeValues(r, (b.values ?? []) as unknown[][], option, majorDim(b.majorDimension));
  touch(ctx, file);
  const body: sheets_v4.Schema$UpdateValuesResponse = { spreadsheetId: s.spreadsheetId, ...w, ...responseValues(ctx, s, w) };
  return { body };
};

const returnedRangeOf = (s: Spreadsheet, range: string) => returnedRange(resolveRange(s, range, 'write'));

const valuesAppend = (ctx: Ctx): Reply => {
  const { s, file } = load(ctx, true);
  const option = valueInputOption(q1(ctx, 'valueInputOption'));
  const insert = (q1(ctx, 'insertDataOption') ?? 'OVERWRITE') === 'INSERT_ROWS';
  const b = bodyObject(ctx) as sheets_v4.Schema$ValueRange;
  const r = resolveRange(s, rangeParam(ctx), 'append');
  const g = r.sheet.properties.gridProperties;
  // search the table from the range's first row down the whole sheet, across the range's columns
  // (a single-cell/column start like "A1" spans the sheet's width, as Sheets' table detection does)
  const singleCol = r.range.endCol - r.range.startCol <= 1;
  const search: Resolved = { ...r, range: { startRow: r.range.startRow, endRow: Math.max(g.rowCount, r.sheet.cells.length), startCol: r.range.startCol, endCol: singleCol ? g.columnCount : r.range.endCol } };
  let lastRow = -1;
  let lastCol = r.range.startCol;
  for (let i = search.range.startRow; i < Math.min(search.range.endRow, r.sheet.cells.length); i++) {
    const row = r.sheet.cells[i] ?? [];
    for (let j = search.range.startCol; j < Math.min(search.range.endCol, row.length); j++) {
      if (row[j] !== null && row[j] !== undefined && row[j] !== '') {
        lastRow = i;
        lastCol = Math.max(lastCol, j);
      }
    }
  }
  const at = lastRow + 1 > r.range.startRow ? lastRow + 1 : r.range.startRow;
  const values = (b.values ?? []) as unknown[][];
  const height = majorDim(b.majorDimension) === 'COLUMNS' ? Math.max(0, ...values.map((c) => c.length)) : values.length;
  if (insert && height > 0) {
    if (r.sheet.cells.length > at) r.sheet.cells.splice(at, 0, ...Array.from({ length: height }, () => []));
    g.rowCount += height;
  }
  const target: Resolved = { sheet: r.sheet, range: { startRow: at, endRow: at + height, startCol: r.range.startCol, endCol: g.columnCount }, open: { endRow: true, endCol: true } };
  const w = writeValues(target, values, option, majorDim(b.majorDimension), true);
  touch(ctx, file);
  const body: sheets_v4.Schema$AppendValuesResponse = {
    spreadsheetId: s.spreadsheetId,
    ...(lastRow >= r.range.startRow ? { tableRange: formatA1(r.sheet.properties.title, { startRow: r.range.startRow, endRow: lastRow + 1, startCol: r.range.startCol, endCol: lastCol + 1 }) } : {}),
    updates: { spreadsheetId: s.spreadsheetId, ...w, ...responseValues(ctx, s, w) },
  };
  return { body };
};

const valuesBatchUpdate = (ctx: Ctx): Reply => {
  const { s, file } = load(ctx, true);
  const b = bodyObject(ctx) as sheets_v4.Schema$BatchUpdateValuesRequest;
  const option = valueInputOption(b.valueInputOption);
  const data = b.data ?? [];
  // validate every range first so a bad one writes nothing
  const resolved = data.map((d) => {
    if (!d.range) throw badRequest('Invalid data[].range: must be set');
    return resolveRange(s, d.range, 'write');
  });
  const draft: Spreadsheet = structuredClone(s);
  const responses = data.map((d, i) => {
    const target = findSheet(draft, resolved[i]!.sheet.properties.title)!;
    const w = writeValues({ ...resolved[i]!, sheet: target }, (d.values ?? []) as unknown[][], option, majorDim(d.majorDimension));
    return { spreadsheetId: s.spreadsheetId, ...w };
  });
  s.sheets = draft.sheets;
  touch(ctx, file);
  const body: sheets_v4.Schema$BatchUpdateValuesResponse = {
    spreadsheetId: s.spreadsheetId,
    totalUpdatedRows: responses.reduce((n, x) => n + x.updatedRows, 0),
    totalUpdatedColumns: responses.reduce((n, x) => n + x.updatedColumns, 0),
    totalUpdatedCells: responses.reduce((n, x) => n + x.updatedCells, 0),
    totalUpdatedSheets: new Set(resolved.filter((_, i) => responses[i]!.updatedCells > 0).map((r) => r.sheet.properties.sheetId)).size,
    responses: b.includeValuesInResponse ? responses.map((w) => ({ ...w, ...responseValues(ctx, s, w) })) : responses,
  };
  return { body };
};

const valuesClear = (ctx: Ctx): Reply => {
  const { s, file } = load(ctx, true);
  const r = resolveRange(s, rangeParam(ctx), 'read');
  clearValues(r);
  touch(ctx, file);
  return { body: { spreadsheetId: s.spreadsheetId, clearedRange: returnedRange(r) } satisfies sheets_v4.Schema$ClearValuesResponse };
};

const valuesBatchClear = (ctx: Ctx): Reply => {
  const { s, file } = load(ctx, true);
  const b = bodyObject(ctx) as sheets_v4.Schema$BatchClearValuesRequest;
  const rs = (b.ranges ?? []).map((r) => resolveRange(s, r, 'read'));
  rs.forEach(clearValues);
  touch(ctx, file);
  return { body: { spreadsheetId: s.spreadsheetId, clearedRanges: rs.map(returnedRange) } satisfies sheets_v4.Schema$BatchClearValuesResponse };
};

export const sheetsRoutes = (): Route[] => {
  const ID = '([^/:]+)';
  const r = (method: string, path: string, operation: string, handler: Route['handler']): Route => ({ method, pattern: new RegExp(`^\\/v4\\/spreadsheets${path}$`), api: 'sheets', operation, auth: true, handler });
  return [
    r('POST', '', 'sheets.spreadsheets.create', create),
    r('GET', `\\/${ID}`, 'sheets.spreadsheets.get', get),
    r('POST', `\\/${ID}:batchUpdate`, 'sheets.spreadsheets.batchUpdate', batchUpdate),
    r('GET', `\\/${ID}\\/values:batchGet`, 'sheets.spreadsheets.values.batchGet', valuesBatchGet),
    r('POST', `\\/${ID}\\/values:batchUpdate`, 'sheets.spreadsheets.values.batchUpdate', valuesBatchUpdate),
    r('POST', `\\/${ID}\\/values:batchClear`, 'sheets.spreadsheets.values.batchClear', valuesBatchClear),
    r('POST', `\\/${ID}\\/values\\/(.+):append`, 'sheets.spreadsheets.values.append', valuesAppend),
    r('POST', `\\/${ID}\\/values\\/(.+):clear`, 'sheets.spreadsheets.values.clear', valuesClear),
    r('GET', `\\/${ID}\\/values\\/(.+)`, 'sheets.spreadsheets.values.get', valuesGet),
    r('PUT', `\\/${ID}\\/values\\/(.+)`, 'sheets.spreadsheets.values.update', valuesUpdate),
  ];
};
