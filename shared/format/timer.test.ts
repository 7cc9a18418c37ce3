import { describe, expect, it } from 'vitest';
import { formatShortDate } from './short-date';
import { clampPercent, formatElapsed } from './timer';

describe('formatElapsed', () => {
  it('renders minutes:seconds', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(187)).toBe('3:07');
    expect(formatElapsed(3725)).toBe('62:05');
    expect(formatElapsed(-5)).toBe('0:00');
  });
});

describe('clampPercent', () => {
  it('clamps to 0-100', () => {
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(42.5)).toBe(42.5);
    expect(clampPercent(130)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});

describe('formatShortDate', () => {
  it('formats a local date as "Mon D, YYYY"', () => {
    expect(formatShortDate(new Date(2025, 0, 9, 15))).toBe('Jan 9, 2025');
    expect(formatShortDate('nope')).toBe('');
    expect(formatShortDate(null)).toBe('');
  });
});
