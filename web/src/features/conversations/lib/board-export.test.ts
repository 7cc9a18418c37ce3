import { describe, expect, it, vi } from 'vitest';
import type { ConversationListParams } from '../api/conversation-keys';
import { BOARD_CSV_HEADER, boardCsv, boardCsvRow, exportFileName, fetchAllRows } from './board-export';
import { parseCsv } from '../../../lib/csv';
import { testRow } from '../../../testing/board-fakes';

const negotiating = testRow({
  contact_email: 'ben@example.com',
  talent_name: 'Ben "BJ" Ode',
  handle: '@benode',
  status: 'negotiating',
  corrected_fields: ['status'],
  whose_turn: 'agency',
  turn_since: '2026-03-01T10:00:00.000Z',
  last_inbound_at: '2026-03-01T10:00:00.000Z',
  last_outbound_at: '2026-02-27T09:00:00.000Z',
  next_date: { date: '2026-03-15', kind: 'go_live', quote: 'live on the 15th', message_id: null, set_by: 'model' },
  latest_fee: { amount: 1500, currency: 'EUR', unit: 'per_post', vat_included: null, state: 'countered', quote: '€1,500', message_id: null, set_by: 'model' },
  summary: 'Asked for €1,500, we offered €1,200.\nWaiting on us.',
});

const NOW = new Date('2026-03-04T12:00:00.000Z');

describe('boardCsvRow', () => {
  it('writes what a person hands on: manager, campaign, tracking, waiting days, the fee with its state and currency, the Gmail link', () => {
    const row = { ...negotiating, email_owner: 'Ana Ruiz (Bright Talent)', campaign_name: 'Glow Serum Q1', tracking: true, threads: [{ mailbox: 'maya@agency.com', thread_id: 't1', gmail_url: 'https://mail.google.com/mail/u/maya@agency.com/#all/t1' }] };
    expect(Object.fromEntries(BOARD_CSV_HEADER.map((column, i) => [column, boardCsvRow(row, NOW)[i]]))).toEqual({
      Talent: 'Ben "BJ" Ode',
      Email: 'ben@example.com',
      Handle: '@benode',
      Manager: 'Ana Ruiz (Bright Talent)',
      Campaign: 'Glow Serum Q1',
      Tracking: 'Yes',
      Status: 'Negotiating (set by a person)',
      'Whose turn': 'Agency',
      'Turn since': '2026-03-01T10:00:00.000Z',
      'Waiting days': '3',
      'Last inbound': '2026-03-01T10:00:00.000Z',
      'Last outbound': '2026-02-27T09:00:00.000Z',
      'Next key date': '2026-03-15',
      'Next key date kind': 'Go live',
      'Latest fee': '1500',
      'Fee currency': 'EUR',
      'Fee unit': 'per post',
      'Fee state': 'Countered',
      'Gmail link': 'https://mail.google.com/mail/u/maya@agency.com/#all/t1',
      Summary: 'Asked for €1,500, we offered €1,200.\nWaiting on us.',
    });
  });

  it('marks a fee a person set, and says a paused talent is not tracked', () => {
    const row = { ...negotiating, tracking: false, latest_fee: { ...negotiating.latest_fee!, state: 'agreed' as const, set_by: 'person' as const } };
    const cells = boardCsvRow(row, NOW);
    expect(cells[BOARD_CSV_HEADER.indexOf('Fee state')]).toBe('Agreed (set by a person)');
    expect(cells[BOARD_CSV_HEADER.indexOf('Tracking')]).toBe('No');
  });

  it('leaves the blanks of a talent nobody wrote to empty', () => {
    const cells = boardCsvRow(testRow({ handle: '' }), NOW);
    expect(cells.slice(0, 3)).toEqual(['Ana Lima', 'ana@example.com', '']);
    const blanks = ['Whose turn', 'Turn since', 'Waiting days', 'Next key date', 'Latest fee', 'Fee currency', 'Fee state', 'Gmail link'] as const;
    for (const column of blanks) expect(cells[BOARD_CSV_HEADER.indexOf(column)], column).toBe('');
    expect(cells[BOARD_CSV_HEADER.indexOf('Status')]).toBe('Not contacted');
  });
});

describe('boardCsv', () => {
  it('writes a header and one record per row that reads back cell for cell', () => {
    const text = boardCsv([negotiating, testRow()], NOW);
    const [header, first, second, ...rest] = parseCsv(text);
    expect(header).toEqual([...BOARD_CSV_HEADER]);
    // The handle starts with @: the export defuses it as a formula.
    expect(first).toEqual(boardCsvRow(negotiating, NOW).map((cell) => (cell.startsWith('@') ? `'${cell}` : cell)));
    expect(second?.[0]).toBe('Ana Lima');
    expect(rest).toEqual([]);
  });
});

describe('fetchAllRows', () => {
  it('follows the cursor to the last page, keeping the filter', async () => {
    const pages: Record<string, { items: ReturnType<typeof testRow>[]; cursor: string | null }> = {
      first: { items: [testRow({ contact_email: 'a@x.com' })], cursor: 'c1' },
      c1: { items: [testRow({ contact_email: 'b@x.com' })], cursor: 'c2' },
      c2: { items: [testRow({ contact_email: 'c@x.com' })], cursor: null },
    };
    const list = vi.fn(async (params: ConversationListParams) => pages[params.cursor ?? 'first']!);
    const rows = await fetchAllRows(list, { campaign_id: 'glow-q1', turn: 'agency', limit: '500' });
    expect(rows.map((row) => row.contact_email)).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
    expect(list.mock.calls.map(([params]) => params)).toEqual([
      { campaign_id: 'glow-q1', turn: 'agency', limit: '500' },
      { campaign_id: 'glow-q1', turn: 'agency', limit: '500', cursor: 'c1' },
      { campaign_id: 'glow-q1', turn: 'agency', limit: '500', cursor: 'c2' },
    ]);
  });
});

describe('exportFileName', () => {
  it('names the campaign and the local day', () => {
    expect(exportFileName('glow-q1', new Date(2026, 2, 5, 23, 59))).toBe('glow-q1-talents-2026-03-05.csv');
  });
});
