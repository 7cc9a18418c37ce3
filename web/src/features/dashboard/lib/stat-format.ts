export type StatFormat = 'text' | 'number' | 'currency' | 'percent';

const NUMBER = new Intl.NumberFormat('en-US');
const CURRENCY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** Shown for a missing value. */
export const EMPTY_STAT = '—';

/**
 * A stat card's value as text. `percent` takes a value on the 0–100 scale (the product's
 * progress and rates are reported that way), so 42.5 reads "42.5%".
 */
export const formatStatValue = (value: string | number | null | undefined, format: StatFormat = 'number'): string => {
  if (value === null || value === undefined || value === '') return EMPTY_STAT;
  if (format === 'text') return String(value);
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  switch (format) {
    case 'currency':
      return CURRENCY.format(number);
    case 'percent':
      return PERCENT.format(number / 100);
    default:
      return NUMBER.format(number);
  }
};
