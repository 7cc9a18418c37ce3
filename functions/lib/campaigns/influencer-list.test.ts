import { describe, expect, it } from 'vitest';
import type { SheetsClient, ValueRange } from '../google/sheets';
import { markInfluencerList, syncInfluencerList } from './influencer-list';
import { INFLUENCER_LIST_HEADERS } from './layout';

/** An influencer list in memory, with the two calls of each kind the list code makes. */
const fakeList = (rows: string[][]) => {
  const calls = { reads: 0, appends: 0, updates: 0 };
  const cellRef = (range: string) => {
    const match = /!([A-Z]+)(\d+)$/.exec(range)!;
    return { column: match[1]!.charCodeAt(0) - 65, row: Number(match[2]) - 1 };
  };
  const sheets = {
    async readValues() {
      calls.reads += 1;
      return rows.map((row) => [...row]);
    },
    async appendRows(_id: string, _tab: string, values: string[][]) {
      calls.appends += 1;
      rows.push(...values.map((row) => row.map(String)));
      return { updatedRange: '' };
    },
    async batchUpdateValues(_id: string, data: ValueRange[]) {
      if (data.length === 0) return { updatedCells: 0, updatedRows: 0 };
      calls.updates += 1;
      for (const { range, values } of data) {
        const { column, row } = cellRef(range);
        while (rows.length <= row) rows.push([]);
        while (rows[row]!.length <= column) rows[row]!.push('');
        rows[row]![column] = String(values[0]![0]);
      }
      return { updatedCells: data.length, updatedRows: data.length };
    },
  } as unknown as SheetsClient;
  return { sheets, rows, calls };
};

const contact = (email: string, trackingEnabled = true) => ({ email, talentName: 'T', emailOwner: 'm@x.io', trackingEnabled, source: 'manual' as const, createdAt: '2027-01-01' });

describe('influencer list', () => {
  it('appends new contacts in the header order with "Tracking" last, once', async () => {
    const list = fakeList([[...INFLUENCER_LIST_HEADERS]]);
    expect(await syncInfluencerList(list.sheets, 'id', [contact('a@x.io'), contact('b@x.io', false)])).toBe(2);
    expect(list.rows.slice(1)).toEqual([
      ['T', 'a@x.io', 'm@x.io', 'Added manually', '2027-01-01', 'Tracking'],
      ['T', 'b@x.io', 'm@x.io', 'Added manually', '2027-01-01', 'Paused'],
    ]);
    expect(await syncInfluencerList(list.sheets, 'id', [contact('a@x.io')])).toBe(0);
    expect(list.rows).toHaveLength(3);
    expect(list.calls).toEqual({ reads: 2, appends: 1, updates: 0 });
  });

  it('marks paused and removed contacts in their row, and a contact added again reads "Tracking" again', async () => {
    const list = fakeList([[...INFLUENCER_LIST_HEADERS], ['T', 'A@x.io', '', 'Added manually', '', 'Tracking'], ['T', 'b@x.io', '', 'Added manually', '', 'Tracking']]);
    expect(await markInfluencerList(list.sheets, 'id', [{ email: 'a@x.io', state: 'Paused' }, { email: 'b@x.io', state: 'Removed' }, { email: 'ghost@x.io', state: 'Removed' }])).toBe(2);
    expect(list.rows.map((row) => row[5])).toEqual(['Tracking', 'Paused', 'Removed']);
    expect(await syncInfluencerList(list.sheets, 'id', [contact('b@x.io')])).toBe(0);
    expect(list.rows.map((row) => row[5])).toEqual(['Tracking', 'Paused', 'Tracking']);
    // nothing to change: no write
    const before = list.calls.updates;
    expect(await markInfluencerList(list.sheets, 'id', [{ email: 'a@x.io', state: 'Paused' }])).toBe(0);
    expect(list.calls.updates).toBe(before);
  });

  it('keeps working on a list made before the Tracking column moved last (found by its header)', async () => {
    const list = fakeList([['Talent Name', 'Email', 'Manager', 'Tracking', 'Source', 'Added At'], ['T', 'a@x.io', '', 'Yes', 'Added manually', '']]);
    await markInfluencerList(list.sheets, 'id', [{ email: 'a@x.io', state: 'Removed' }]);
    expect(list.rows[1]).toEqual(['T', 'a@x.io', '', 'Removed', 'Added manually', '']);
    await syncInfluencerList(list.sheets, 'id', [contact('c@x.io', false)]);
    expect(list.rows[2]).toEqual(['T', 'c@x.io', 'm@x.io', 'Paused', 'Added manually', '2027-01-01']);
  });

  it('gives a list that lost its Tracking column the header back after its last column', async () => {
    const list = fakeList([['Talent Name', 'Email'], ['T', 'a@x.io']]);
    await markInfluencerList(list.sheets, 'id', [{ email: 'a@x.io', state: 'Paused' }]);
    expect(list.rows).toEqual([
      ['Talent Name', 'Email', 'Tracking'],
      ['T', 'a@x.io', 'Paused'],
    ]);
  });
});
