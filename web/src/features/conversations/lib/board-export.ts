/**
 * The board's CSV export: every row of the current filter and sort (paged through the API, never
 * filtered here), with the table's columns. Dates and times are ISO so a spreadsheet can sort them.
 */
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import type { ConversationListParams } from '../api/conversation-keys';
import { toCsv } from './csv';
import { DATE_KIND_LABELS, formatFee, SET_BY_PERSON, STATUS_LABELS, TURN_LABELS } from './format';
import { format } from 'date-fns';

export const BOARD_CSV_HEADER = [
  'Talent',
  'Email',
  'Handle',
  'Status',
  'Whose turn',
  'Turn since',
  'Last inbound',
  'Last outbound',
  'Next key date',
  'Next key date kind',
  'Latest fee',
  'Summary',
] as const;

export const boardCsvRow = (row: ConversationJson): string[] => [
  row.talent_name,
  row.contact_email ?? '',
  row.handle,
  row.corrected_fields.includes('status') ? `${STATUS_LABELS[row.status]} (${SET_BY_PERSON})` : STATUS_LABELS[row.status],
  row.whose_turn ? TURN_LABELS[row.whose_turn] : '',
  row.turn_since ?? '',
  row.last_inbound_at ?? '',
  row.last_outbound_at ?? '',
  row.next_date?.date ?? '',
  row.next_date ? DATE_KIND_LABELS[row.next_date.kind] : '',
  formatFee(row.latest_fee),
  row.summary,
];

export const boardCsv = (rows: readonly ConversationJson[]): string => toCsv(BOARD_CSV_HEADER, rows.map(boardCsvRow));

type ListPage = { items: ConversationJson[]; cursor: string | null };

/** Hard stop against a server that keeps answering cursors (500 rows a page: 100 000 rows). */
const MAX_PAGES = 200;

/** Follows the cursor from the first page to the last; `params` holds the filter, sort and page size. */
export const fetchAllRows = async (
  list: (params: ConversationListParams) => Promise<ListPage>,
  params: ConversationListParams,
): Promise<ConversationJson[]> => {
  const rows: ConversationJson[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const next: ConversationListParams = { ...params };
    if (cursor) next.cursor = cursor;
    else delete next.cursor;
    const answer = await list(next);
    rows.push(...answer.items);
    cursor = answer.cursor;
    if (!cursor) return rows;
  }
  throw new Error('Export stopped: too many pages');
};

/** "glow-serum-q1-talents-2026-03-20.csv" */
export const exportFileName = (campaignId: string, now: Date = new Date()): string => {
  return `${campaignId}-talents-${format(now, 'yyyy-MM-dd')}.csv`;
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
