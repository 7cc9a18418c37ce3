import { describe, expect, it } from 'vitest';
import { formatLiveDates, toLiveDates } from './live-dates';

describe('formatLiveDates', () => {
  it('formats a same-year range with one year', () => {
    expect(formatLiveDates('2025-03-01 to 2025-04-15')).toBe('Mar 1 - Apr 15, 2025');
  });

  it('puts years on both ends when they differ', () => {
    expect(formatLiveDates('2024-12-01 to 2025-01-31')).toBe('Dec 1, 2024 - Jan 31, 2025');
  });

  it('shows unparseable text as stored and empty as empty', () => {
    expect(formatLiveDates('sometime in spring')).toBe('sometime in spring');
    expect(formatLiveDates('')).toBe('');
    expect(formatLiveDates(undefined)).toBe('');
  });
});

describe('toLiveDates', () => {
  it('is empty unless both ends are chosen', () => {
    expect(toLiveDates({ start: '2025-01-01', end: '' })).toBe('');
    expect(toLiveDates({ start: '2025-01-01', end: '2025-01-09' })).toBe('2025-01-01 to 2025-01-09');
  });
});
