import { describe, expect, it } from 'vitest';
import { formatDay, formatFee, formatKeyDate, formatMoney, formatTurn, formatWaiting } from './format';

const NOW = new Date('2026-03-20T12:00:00.000Z');

describe('fees', () => {
  it('formats the amount in its currency with the unit', () => {
    expect(formatFee({ amount: 1500, currency: 'EUR', unit: 'per_post' })).toBe('€1,500 per post');
    expect(formatFee({ amount: 950.5, currency: 'GBP', unit: 'per_video' })).toBe('£950.50 per video');
    expect(formatFee({ amount: 12000, currency: 'USD', unit: 'bundle' })).toBe('$12,000 bundle');
    expect(formatFee(null)).toBe('');
  });

  it('falls back to amount and code for a code Intl refuses', () => {
    expect(formatMoney(10, '€€€')).toBe('10 €€€');
  });
});

describe('dates', () => {
  it('reads a calendar day as that day, whatever the time zone', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDay('2026-13-05')).toBe('');
    expect(formatDay(null)).toBe('');
  });

  it('writes a key date with its kind', () => {
    expect(formatKeyDate({ date: '2026-04-01', kind: 'draft_due' })).toBe('Apr 1, 2026 · Draft due');
    expect(formatKeyDate(null)).toBe('');
  });
});

describe('whose turn', () => {
  it('says how long it has been', () => {
    expect(formatWaiting('2026-03-20T11:30:00.000Z', NOW)).toBe('under an hour');
    expect(formatWaiting('2026-03-20T07:00:00.000Z', NOW)).toBe('5 hours');
    expect(formatWaiting('2026-03-19T11:00:00.000Z', NOW)).toBe('1 day');
    expect(formatWaiting('2026-03-17T12:00:00.000Z', NOW)).toBe('3 days');
    expect(formatWaiting('garbage', NOW)).toBe('');
  });

  it('names the side and the wait', () => {
    expect(formatTurn('agency', '2026-03-17T12:00:00.000Z', NOW)).toBe('Agency · 3 days');
    expect(formatTurn('talent', null, NOW)).toBe('Talent');
    expect(formatTurn(null, '2026-03-17T12:00:00.000Z', NOW)).toBe('');
  });
});
