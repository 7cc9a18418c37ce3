import { describe, expect, it, vi } from 'vitest';
import type { ConversationListParams } from '../api/conversation-keys';
import { BOARD_CSV_HEADER, boardCsv, boardCsvRow, exportFileName, fetchAllRows } from './board-export';
import { parseCsv } from './csv';
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

describe('boardCsvRow', () => {
  it('writes the table columns, labels for enums and ISO times', () => {
    expect(boardCsvRow(negotiating)).toEqual([
      'Ben "BJ" Ode',
      'ben@example.com',
      '@benode',
      'Negotiating (set by a person)',
      'Agency',
      '2026-03-01T10:00:00.000Z',
      '2026-03-01T10:00:00.000Z',
      '2026-02-27T09:00:00.000Z',
      '2026-03-15',
      'Go live',
      '€1,500 per post',
      'Asked for €1,500, we offered €1,200.\nWaiting on us.',
    ]);
  });

  it('leaves the blanks of a talent nobody wrote to empty', () => {
    expect(boardCsvRow(testRow({ handle: '' }))).toEqual(['Ana Lima', 'ana@example.com', '', 'Not contacted', '', '', '', '', '', '', '', '']);
  });
});

describe('boardCsv', () => {
  it('writes a header and one record per row that reads back cell for cell', () => {
    const text = boardCsv([negotiating, testRow()]);
    const [header, first, second, ...rest] = parseCsv(text);
    expect(header).toEqual([...BOARD_CSV_HEADER]);
    // The handle starts with @: the export defuses it as a formula.
    expect(first).toEqual(boardCsvRow(negotiating).map((cell) => (cell.startsWith('@') ? `'${cell}` : cell)));
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
