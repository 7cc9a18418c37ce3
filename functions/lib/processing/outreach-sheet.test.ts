import { describe, expect, it } from 'vitest';
import { OUTREACH_TRACKER_HEADERS } from '../campaigns/layout';
import type { TrackerRow } from '../conversations/tracker-rows';
import { outreachDiff } from './outreach-sheet';

const row = (email: string, overrides: Partial<TrackerRow> = {}): TrackerRow => ({
  ...(Object.fromEntries(OUTREACH_TRACKER_HEADERS.map((h) => [h, ''])) as TrackerRow),
  Talent: email.split('@')[0]!,
  Email: email,
  Status: 'Not contacted',
  Messages: '0',
  'Updated At': '2026-11-23T10:00:00.000Z',
  ...overrides,
});

const cells = (r: TrackerRow) => OUTREACH_TRACKER_HEADERS.map((h) => r[h]);

describe('outreachDiff: the tracker brought to the desired rows', () => {
  it('appends a row per new contact under the headers, one range per row', () => {
    const data = outreachDiff([[...OUTREACH_TRACKER_HEADERS]], [row('a@x.test'), row('b@x.test')]);
    expect(data.map((d) => d.range)).toEqual(["'Outreach'!A2:N2", "'Outreach'!A3:N3"]);
    expect(data[0]!.values).toEqual([cells(row('a@x.test'))]);
  });

  it('writes nothing when the sheet already says the same (Updated At alone is no change)', () => {
    const existing = [[...OUTREACH_TRACKER_HEADERS], cells(row('a@x.test', { 'Updated At': 'yesterday' }))];
    expect(outreachDiff(existing, [row('a@x.test')])).toEqual([]);
  });

  it('rewrites a changed row in place, matched by e-mail whatever its position, and leaves people\'s columns alone', () => {
    const existing = [
      [...OUTREACH_TRACKER_HEADERS, 'Notes'],
      [...cells(row('b@x.test')), 'keep me'],
      [...cells(row('a@x.test')), 'mine too'],
    ];
    const data = outreachDiff(existing, [row('a@x.test', { Status: 'Replied', Messages: '2' }), row('b@x.test')]);
    expect(data).toEqual([{ range: "'Outreach'!A3:N3", values: [cells(row('a@x.test', { Status: 'Replied', Messages: '2' }))] }]);
  });

  it('an older sheet without the new columns gets their headers after the last used column, never over a person\'s column', () => {
    const old = OUTREACH_TRACKER_HEADERS.slice(0, 12);
    const existing = [[...old, 'Agent notes'], [...cells(row('a@x.test')).slice(0, 12), 'call her agent']];
    const data = outreachDiff(existing, [row('a@x.test', { 'Latest Fee': '$900 per post (quoted)', 'Next Key Date': '2026-12-01 (go live)' })]);
    expect(data.slice(0, 2)).toEqual([
      { range: "'Outreach'!N1", values: [['Latest Fee']] },
      { range: "'Outreach'!O1", values: [['Next Key Date']] },
    ]);
    // two runs: A–L, then N–O; M (the person's column) is never written
    expect(data.slice(2).map((d) => d.range)).toEqual(["'Outreach'!A2:L2", "'Outreach'!N2:O2"]);
    expect(data[3]!.values).toEqual([['$900 per post (quoted)', '2026-12-01 (go live)']]);
  });
});
