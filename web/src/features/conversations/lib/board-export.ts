/**
 * The board's CSV export: the selected rows, or every row of the current filter and sort (paged
 * through the API, never filtered here) when nothing is selected, with what a person hands on:
 * manager, campaign, tracking, whose turn and for how many days, the latest fee with its state and
 * currency, and the Gmail link. Dates and times are ISO so a spreadsheet can sort them.
 */
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import type { ConversationListParams } from '../api/conversation-keys';
import { toCsv } from '../../../lib/csv';
import { DATE_KIND_LABELS, FEE_STATE_LABELS, FEE_UNIT_LABELS, SET_BY_PERSON, STATUS_LABELS, TURN_LABELS, wholeDaysSince } from './format';
import { format } from 'date-fns';

export const BOARD_CSV_HEADER = [
  'Talent',
  'Email',
  'Handle',
  'Manager',
  'Campaign',
  'Tracking',
  'Status',
  'Whose turn',
  'Turn since',
  'Waiting days',
  'Last inbound',
  'Last outbound',
  'Next key date',
  'Next key date kind',
  'Latest fee',
  'Fee currency',
  'Fee unit',
  'Fee state',
  'Gmail link',
  'Summary',
] as const;

/** Whole days the current turn has waited ('' when it is nobody's turn). */
const waitingDays = (row: ConversationJson, now: Date): string => {
  const days = row.whose_turn ? wholeDaysSince(row.turn_since, now) : null;
  return days === null ? '' : String(days);
};

const withPersonMark = (value: string, corrected: boolean) => (corrected && value ? `${value} (${SET_BY_PERSON})` : value);

export const boardCsvRow = (row: ConversationJson, now: Date = new Date()): string[] => {
  const fee = row.latest_fee;
  return [
    row.talent_name,
    row.contact_email ?? '',
    row.handle,
    row.email_owner,
    row.campaign_name,
    row.tracking ? 'Yes' : 'No',
    withPersonMark(STATUS_LABELS[row.status], row.corrected_fields.includes('status')),
    row.whose_turn ? TURN_LABELS[row.whose_turn] : '',
    row.turn_since ?? '',
    waitingDays(row, now),
    row.last_inbound_at ?? '',
    row.last_outbound_at ?? '',
    row.next_date?.date ?? '',
    row.next_date ? DATE_KIND_LABELS[row.next_date.kind] : '',
    fee ? String(fee.amount) : '',
    fee?.currency ?? '',
    fee ? FEE_UNIT_LABELS[fee.unit] : '',
    fee ? withPersonMark(FEE_STATE_LABELS[fee.state], fee.set_by === 'person') : '',
    row.threads[0]?.gmail_url ?? '',
    row.summary,
  ];
};

export const boardCsv = (rows: readonly ConversationJson[], now: Date = new Date()): string => toCsv(BOARD_CSV_HEADER, rows.map((row) => boardCsvRow(row, now)));

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
