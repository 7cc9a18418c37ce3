/**
 * A1 notation: "Tab!A1:Z", "'Tab with spaces'!A:D", "Tab", "A1:B2", "Tab!3:5", "'It''s'!B2".
 * Indices are 0-based; ends are exclusive; undefined = unbounded (open-ended).
 */
export type A1Range = {
  /** sheet title as written (unquoted); undefined = the first sheet */
  sheet?: string;
  startRow?: number;
  endRow?: number;
  startCol?: number;
  endCol?: number;
};

export class A1Error extends Error {}

export const MAX_COLUMNS = 18_278; // ZZZ

/** "A" → 0, "Z" → 25, "AA" → 26, "ZZZ" → 18277 */
export const columnIndex = (letters: string): number => {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) throw new A1Error(`bad column ${letters}`);
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

/** 0 → "A", 25 → "Z", 26 → "AA" */
export const columnLetters = (index: number): string => {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_COLUMNS) throw new A1Error(`bad column index ${index}`);
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

type Ref = { col?: number; row?: number };

const parseRef = (s: string): Ref | undefined => {
  const m = /^\$?([A-Za-z]{1,3})?\$?(\d+)?$/.exec(s);
  if (!m || (!m[1] && !m[2])) return undefined;
  const ref: Ref = {};
  if (m[1]) ref.col = columnIndex(m[1]);
  if (m[2]) {
    const row = Number(m[2]);
    if (row < 1) return undefined;
    ref.row = row - 1;
  }
  return ref;
};

/** parses the cell part ("A1", "A1:B2", "A:D", "2:5", "A5:Z"); undefined when it is not a cell range */
export const parseCells = (s: string): Omit<A1Range, 'sheet'> | undefined => {
  const parts = s.split(':');
  if (parts.length > 2) return undefined;
  const a = parseRef(parts[0]!);
  if (!a) return undefined;
  if (parts.length === 1) {
    // a single reference: a cell ("B3"); a bare column/row is not valid on its own
    if (a.col === undefined || a.row === undefined) return undefined;
    return { startRow: a.row, endRow: a.row + 1, startCol: a.col, endCol: a.col + 1 };
  }
  const b = parseRef(parts[1]!);
  if (!b) return undefined;
  // A:D (columns), 2:5 (rows) — both sides must be of the same kind when one lacks a part
  if ((a.row === undefined) !== (b.row === undefined) && a.col !== undefined && b.col !== undefined) {
    // "A5:Z" (open-ended rows) and "A:Z5" (Sheets reads as A1:Z5)
    const startRow = a.row ?? 0;
    const out: Omit<A1Range, 'sheet'> = { startRow, startCol: Math.min(a.col, b.col), endCol: Math.max(a.col, b.col) + 1 };
    if (b.row !== undefined) out.endRow = Math.max(startRow, b.row) + 1;
    return out;
  }
  if (a.col === undefined && b.col === undefined) {
    if (a.row === undefined || b.row === undefined) return undefined;
    return { startRow: Math.min(a.row, b.row), endRow: Math.max(a.row, b.row) + 1 };
  }
  if (a.col === undefined || b.col === undefined) {
    // "2:C5"-style mixes: treat a missing column as A / unbounded
    const startCol = a.col ?? 0;
    const out: Omit<A1Range, 'sheet'> = { startCol };
    if (b.col !== undefined) out.endCol = Math.max(startCol, b.col) + 1;
    if (a.row !== undefined) out.startRow = a.row;
    if (b.row !== undefined) out.endRow = Math.max(a.row ?? 0, b.row) + 1;
    return out;
  }
  const out: Omit<A1Range, 'sheet'> = { startCol: Math.min(a.col, b.col), endCol: Math.max(a.col, b.col) + 1 };
  if (a.row !== undefined && b.row !== undefined) {
    out.startRow = Math.min(a.row, b.row);
    out.endRow = Math.max(a.row, b.row) + 1;
  }
  return out;
};

/**
 * Parses an A1 range. Without "!", a valid cell range ("A1:B2") refers to the first sheet and
 * anything else is a sheet title ("Longlist"). Throws A1Error when it cannot be parsed.
 */
export const parseA1 = (input: string): A1Range => {
  const s = input.trim();
  if (!s) throw new A1Error('empty range');
  if (s.startsWith("'")) {
    let i = 1;
    let title = '';
    for (;;) {
      if (i >= s.length) throw new A1Error(`unterminated quote in ${input}`);
      const ch = s[i]!;
      if (ch === "'") {
        if (s[i + 1] === "'") {
          title += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      title += ch;
      i++;
    }
    if (!title) throw new A1Error(`empty sheet name in ${input}`);
    if (i === s.length) return { sheet: title };
    if (s[i] !== '!') throw new A1Error(`expected ! after sheet name in ${input}`);
    const cells = parseCells(s.slice(i + 1));
    if (!cells) throw new A1Error(`bad cells in ${input}`);
    return { sheet: title, ...cells };
  }
  const bang = s.lastIndexOf('!');
  if (bang === -1) {
    const cells = parseCells(s);
    return cells ? cells : { sheet: s };
  }
  const title = s.slice(0, bang);
  if (!title) throw new A1Error(`empty sheet name in ${input}`);
  const cells = parseCells(s.slice(bang + 1));
  if (!cells) throw new A1Error(`bad cells in ${input}`);
  return { sheet: title, ...cells };
};

/** Sheets quotes a title unless it is a plain identifier that does not look like a cell. */
export const quoteSheetTitle = (title: string): string =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(title) && !parseCells(title) && !/^R\d*C\d*$/i.test(title) ? title : `'${title.replace(/'/g, "''")}'`;

/** Formats a bounded range: "Tab!A1:D10", or "Tab!B3" for a single cell. */
export const formatA1 = (title: string, r: { startRow: number; endRow: number; startCol: number; endCol: number }): string => {
  const a = `${columnLetters(r.startCol)}${r.startRow + 1}`;
  const b = `${columnLetters(r.endCol - 1)}${r.endRow}`;
  const cells = r.endRow - r.startRow === 1 && r.endCol - r.startCol === 1 ? a : `${a}:${b}`;
  return `${quoteSheetTitle(title)}!${cells}`;
};
