import { describe, expect, it } from 'vitest';
import { formatStatusDateRange } from './date-range-label';

const now = new Date(2025, 5, 15);

describe('formatStatusDateRange', () => {
  it('drops the year within the current year', () => {
    expect(formatStatusDateRange('Date range 2025-01-05 00:00 to 2025-02-10 23:59', now)).toBe('Jan 5 - Feb 10');
  });

  it('adds the year once when both ends share a past year', () => {
    expect(formatStatusDateRange('Date range 2024-03-01 00:00 to 2024-03-31 23:59', now)).toBe('Mar 1 - Mar 31, 2024');
  });

  it('shows both years when the ends differ in year', () => {
    expect(formatStatusDateRange('Date range 2024-12-20 00:00 to 2025-01-03 12:30', now)).toBe(
      'Dec 20, 2024 - Jan 3, 2025',
    );
  });

  it('keeps text around the range', () => {
    expect(formatStatusDateRange('Processing Date range 2025-06-01 00:00 to 2025-06-02 00:00', now)).toBe(
      'Processing Jun 1 - Jun 2',
    );
  });

  it('returns other labels unchanged', () => {
    expect(formatStatusDateRange('Recent 24 hours', now)).toBe('Recent 24 hours');
    expect(formatStatusDateRange('Date range 2025-13-01 00:00 to 2025-01-02 00:00', now)).toBe(
      'Date range 2025-13-01 00:00 to 2025-01-02 00:00',
    );
  });
});
