import { describe, expect, it } from 'vitest';
import { findAmounts, type FeeContext } from './fees';

const first = (text: string, ctx?: Parameters<typeof findAmounts>[1]) => findAmounts(text, ctx)[0];

// Boundary tables for how amounts and their currency marks are read (mutation-tested).
describe('findAmounts: currency marks shared by several currencies', () => {
  it.each([
    ['$1,500', undefined, 'USD'],
    ['1500 dollar', undefined, 'USD'],
    ['1500 dollars', undefined, 'USD'],
    ['1500 bucks', undefined, 'USD'],
    ['$1,500', { agencyCurrency: 'aud' }, 'AUD'],
    ['1500 dollars', { threadCurrency: ' cad ', agencyCurrency: 'GBP' }, 'CAD'],
    ['1500 bucks', { agencyCurrency: 'NZD' }, 'NZD'],
    ['$1,500', { agencyCurrency: 'GBP' }, 'USD'],
    ['¥180,000', undefined, 'JPY'],
    ['¥1,800', { agencyCurrency: 'CNY' }, 'CNY'],
    ['¥1,800', { threadCurrency: 'JPY', agencyCurrency: 'CNY' }, 'JPY'],
    ['¥1,800', { agencyCurrency: 'GBP' }, 'JPY'],
    ['9.500 kr', { agencyCurrency: 'DKK' }, 'DKK'],
    ['9.500 kr', undefined, null],
  ] satisfies [string, FeeContext | undefined, string | null][])('%s with %o → %s', (text, ctx, currency) => {
    expect(first(text, ctx)?.currency).toBe(currency);
  });

  it('reads a code or a fixed mark whatever the agency uses', () => {
    expect(first('EUR 1,200', { agencyCurrency: 'USD' })?.currency).toBe('EUR');
    expect(first('£900', { agencyCurrency: 'USD' })?.currency).toBe('GBP');
    expect(first('1.300 € + IVA', { agencyCurrency: 'USD' })?.currency).toBe('EUR');
  });
});

describe('findAmounts: separators', () => {
  it.each([
    ['€1.500,50', 1500.5],
    ['€1,500.50', 1500.5],
    ['€1.500', 1500],
    ['€1,500', 1500],
    ['€1,5', 1.5],
    ['€1.5', 1.5],
    ['€1.234.567', 1234567],
    ['€1,234,567', 1234567],
    ['€12,50', 12.5],
    ['€1.5k', 1500],
    ['£2 450', 2450],
    ["CHF 1'250", 1250],
  ] as const)('%s → %d', (text, amount) => {
    expect(first(text)?.amount).toBe(amount);
  });

  it('one separator before three digits is thousands, unless a multiplier follows (then it is the decimal point)', () => {
    expect(first('€2,500')?.amount).toBe(2500);
    expect(first('€2,5k')?.amount).toBe(2500);
    expect(first('€2,500k')?.amount).toBe(2500);
    expect(first('€2.500k')?.amount).toBe(2500);
  });
});
