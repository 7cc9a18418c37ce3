// The CSV helpers moved to web/src/lib/csv.ts (the campaign report exports CSV too); the board's
// e2e suite still reads its export through this path.
export { parseCsv } from '../../../lib/csv';
