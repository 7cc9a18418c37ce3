import { describe, expect, it } from 'vitest';
import { formatStatValue } from './stat-format';

describe('formatStatValue', () => {
  it('formats numbers with en-US grouping by default', () => {
    expect(formatStatValue(1234567)).toBe('1,234,567');
    expect(formatStatValue(0)).toBe('0');
  });

  it('formats currency as USD', () => {
    expect(formatStatValue(1234.5, 'currency')).toBe('$1,234.50');
    expect(formatStatValue('99', 'currency')).toBe('$99.00');
  });

  it('formats percent from the 0–100 scale', () => {
    expect(formatStatValue(42.5, 'percent')).toBe('42.5%');
    expect(formatStatValue(100, 'percent')).toBe('100%');
  });

  it('keeps text as is and shows a dash for a missing value', () => {
    expect(formatStatValue('Active', 'text')).toBe('Active');
    expect(formatStatValue(12, 'text')).toBe('12');
    expect(formatStatValue(undefined)).toBe('—');
    expect(formatStatValue(null, 'currency')).toBe('—');
    expect(formatStatValue('n/a', 'number')).toBe('n/a');
  });
});
