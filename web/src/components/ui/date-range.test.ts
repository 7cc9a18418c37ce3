import { describe, expect, it } from 'vitest';
import { parseTypedRange, presetRange, typedRangeText } from './date-range';

describe('a typed date range', () => {
  it('reads two days whatever stands between them, in either order, and the picker own label', () => {
    for (const typed of ['2026-01-01 – 2026-03-31', '2026-01-01 to 2026-03-31', ' 2026/1/1-2026.03.31 ', '2026-03-31 - 2026-01-01', 'Jan 01, 2026 - Mar 31, 2026']) {
      expect(parseTypedRange(typed), typed).toEqual({ range: { start: '2026-01-01', end: '2026-03-31' } });
    }
    expect(parseTypedRange('2026-02-10')).toEqual({ range: { start: '2026-02-10', end: '2026-02-10' } });
  });

  it('refuses what is not two real days, and a range past today when the future is not allowed', () => {
    for (const typed of ['', 'last week', '2026-02-30 – 2026-03-01', '2026-01-01 2026-01-02 2026-01-03', '12/03/2026 - 13/03/2026']) {
      expect(parseTypedRange(typed), typed).toEqual({ problem: 'unreadable' });
    }
    expect(parseTypedRange('2026-11-01 – 2026-11-29', '2026-11-28')).toEqual({ problem: 'future' });
    expect(parseTypedRange('2026-11-01 – 2026-11-28', '2026-11-28')).toEqual({ range: { start: '2026-11-01', end: '2026-11-28' } });
  });

  it('writes a range back as it can be typed', () => {
    expect(typedRangeText({ start: '2026-01-01', end: '2026-03-31' })).toBe('2026-01-01 – 2026-03-31');
    expect(typedRangeText({ start: '2026-01-01', end: '' })).toBe('2026-01-01');
    expect(typedRangeText({ start: '', end: '' })).toBe('');
  });
});

describe('preset ranges', () => {
  const today = new Date(2026, 10, 28, 15);
  it('end today: the last 7, 30 and 90 days, this quarter so far, and a year of mail from the first of the month', () => {
    expect(presetRange('last7', today)).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(presetRange('last30', today)).toEqual({ start: '2026-10-30', end: '2026-11-28' });
    expect(presetRange('last90', today)).toEqual({ start: '2026-08-31', end: '2026-11-28' });
    expect(presetRange('thisQuarter', today)).toEqual({ start: '2026-10-01', end: '2026-11-28' });
    expect(presetRange('last12Months', today)).toEqual({ start: '2025-11-01', end: '2026-11-28' });
    expect(presetRange('thisQuarter', new Date(2026, 0, 1))).toEqual({ start: '2026-01-01', end: '2026-01-01' });
  });
});
