/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF. A field is quoted when it holds a
 * comma, a double quote, a line break or leading/trailing spaces; quotes inside are doubled.
 *
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab / carriage return) as a formula,
 * and the text here comes from e-mail anyone can send: such a cell gets a leading apostrophe
 * (OWASP's advice), unless `escapeFormulas` is false.
 */
export type CsvValue = string | number | boolean | null | undefined;

export type CsvOptions = { escapeFormulas?: boolean };

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export const csvField = (value: CsvValue, { escapeFormulas = true }: CsvOptions = {}): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (escapeFormulas && typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One CSV document: the header row first, then the rows; ends with a line break. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvValue[])[], options: CsvOptions = {}): string =>
  [header, ...rows].map((row) => row.map((value) => csvField(value, options)).join(',')).join('\r\n') + '\r\n';

/**
 * Reads CSV back into rows (quoted fields, doubled quotes, CRLF or LF). For tests and checks; it
 * does not undo the formula apostrophe.
 */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
};

/**
 * Hands `text` to the browser as a file download. A byte-order mark leads so spreadsheet apps
 * read the file as UTF-8 (names like "Lefèvre").
 */
export const downloadCsv = (text: string, fileName: string): void => {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL can go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
