import { columnLetter } from '../campaigns/layout';
import { a1, type SheetsClient, type ValueRange } from '../google/sheets';

/**
 * The rows of a spreadsheet that name an address: a row with a cell that is the address, or holds
 * it (a Manager cell "Jane <jane@x.com>"), in any tab. An erasure deletes them all, whatever the
 * tab or the column people moved the e-mail to.
 */
const namesAddress = (cell: string, address: string): boolean => cell.trim().toLowerCase().includes(address);

/**
 * Deletes every row of every tab that names `address` (lower-case), bottom up so the row numbers
 * still to delete stay right; the number of rows deleted. One read per tab, one call per row.
 */
export const deleteRowsNaming = async (sheets: SheetsClient, spreadsheetId: string, address: string): Promise<number> => {
  const { tabs } = await sheets.getMetadata(spreadsheetId);
  let deleted = 0;
  for (const tab of tabs) {
    const rows = await sheets.readValues(spreadsheetId, a1(tab.name));
    const naming = rows.flatMap((cells, index) => (cells.some((cell) => namesAddress(cell, address)) ? [index + 1] : []));
    for (const row of naming.reverse()) {
      await sheets.deleteRow(spreadsheetId, tab.sheetId, row);
      deleted += 1;
    }
  }
  return deleted;
};

/** Any casing of the address: a status line the model wrote may hold it as the mail did. */
export const addressPattern = (address: string): RegExp => new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');

export const ERASED_TEXT = '[erased]';

/**
 * A sheet whose rows are not the talent's (the campaigns tracker: one row per campaign, its status
 * line): each cell naming the address keeps its text with the address replaced; the number of cells.
 */
export const scrubCellsNaming = async (sheets: SheetsClient, spreadsheetId: string, address: string): Promise<number> => {
  const { tabs } = await sheets.getMetadata(spreadsheetId);
  const pattern = addressPattern(address);
  const updates: ValueRange[] = [];
  for (const tab of tabs) {
    const rows = await sheets.readValues(spreadsheetId, a1(tab.name));
    rows.forEach((cells, row) =>
      cells.forEach((cell, column) => {
        if (namesAddress(cell, address)) updates.push({ range: a1(tab.name, `${columnLetter(column)}${row + 1}`), values: [[cell.replace(pattern, ERASED_TEXT)]] });
      }),
    );
  }
  if (updates.length) await sheets.batchUpdateValues(spreadsheetId, updates);
  return updates.length;
};
