import { columnLetter, OUTREACH_TRACKER_HEADERS, OUTREACH_TRACKER_TAB } from '../campaigns/layout';
import type { TrackerHeader, TrackerRow } from '../conversations/tracker-rows';
import { a1, type ValueRange } from '../google/sheets';

/**
 * The outreach tracker brought to the desired rows with one values.batchUpdate: each product
 * column is found by its header (a missing one is added after the last used header), each
 * contact's row by its e-mail; only cells that differ are written, so a re-run that changes
 * nothing writes nothing, and the columns people added are never part of a range.
 */
export const outreachDiff = (existing: string[][], rows: TrackerRow[]): ValueRange[] => {
  const header = [...(existing[0] ?? [])].map((cell) => String(cell ?? '').trim());
  const data: ValueRange[] = [];
  const columnOf = new Map<TrackerHeader, number>();
  for (const name of OUTREACH_TRACKER_HEADERS) {
    let at = header.indexOf(name);
    if (at < 0) {
      at = Math.max(header.length, ...[...columnOf.values()].map((c) => c + 1));
      header[at] = name;
      data.push({ range: a1(OUTREACH_TRACKER_TAB, `${columnLetter(at)}1`), values: [[name]] });
    }
    columnOf.set(name, at);
  }
  const emailColumn = columnOf.get('Email')!;
  const rowOf = new Map<string, number>();
  existing.forEach((cells, i) => {
    const email = String(cells[emailColumn] ?? '').trim().toLowerCase();
    if (i > 0 && email && !rowOf.has(email)) rowOf.set(email, i);
  });
  // Contiguous runs of product columns: one range per run per changed row.
  const columns = [...columnOf.entries()].sort((a, b) => a[1] - b[1]);
  const runs: (typeof columns)[] = [];
  for (const entry of columns) {
    const last = runs.at(-1);
    if (last && last.at(-1)![1] + 1 === entry[1]) last.push(entry);
    else runs.push([entry]);
  }
  let next = Math.max(1, existing.length);
  for (const row of rows) {
    const email = row.Email.toLowerCase();
    const found = rowOf.get(email);
    const current = found === undefined ? [] : (existing[found] ?? []);
    // "Updated At" alone never makes a row worth writing.
    const differs = columns.some(([name, column]) => name !== 'Updated At' && String(current[column] ?? '') !== row[name]);
    if (!differs) continue;
    const at = found ?? next++;
    rowOf.set(email, at);
    for (const run of runs) {
      const range = `${columnLetter(run[0]![1])}${at + 1}:${columnLetter(run.at(-1)![1])}${at + 1}`;
      data.push({ range: a1(OUTREACH_TRACKER_TAB, range), values: [run.map(([name]) => row[name])] });
    }
  }
  return data;
};
