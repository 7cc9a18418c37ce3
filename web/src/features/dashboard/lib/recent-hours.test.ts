import { describe, expect, it } from 'vitest';
import { recentHoursRange } from './recent-hours';

// Local-time dates, as the browser computes them.
const at = (year: number, month: number, day: number, hour: number, minute = 0) => new Date(year, month - 1, day, hour, minute);

describe('recentHoursRange', () => {
  it('covers whole days: the date of now − N hours through today', () => {
    expect(recentHoursRange(1, at(2025, 6, 10, 14, 30))).toEqual({ start_date: '2025-06-10', end_date: '2025-06-10' });
    expect(recentHoursRange(1, at(2025, 6, 10, 0, 30))).toEqual({ start_date: '2025-06-09', end_date: '2025-06-10' });
    expect(recentHoursRange(24, at(2025, 6, 10, 14))).toEqual({ start_date: '2025-06-09', end_date: '2025-06-10' });
    expect(recentHoursRange(48, at(2025, 3, 1, 9))).toEqual({ start_date: '2025-02-27', end_date: '2025-03-01' });
    expect(recentHoursRange(168, at(2026, 1, 3, 12))).toEqual({ start_date: '2025-12-27', end_date: '2026-01-03' });
  });
});
