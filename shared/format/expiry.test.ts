import { describe, expect, it } from 'vitest';
import { formatExpiry, isExpired } from './expiry';

const now = new Date(2025, 5, 15, 10, 0, 0);
const at = (days: number, hours = 0) => new Date(2025, 5, 15 + days, 10 + hours, 0, 0).toISOString();

describe('formatExpiry', () => {
  it('reads "Expires today" later the same day', () => {
    expect(formatExpiry(at(0, 5), now)).toBe('Expires today');
  });

  it('reads "Expires tomorrow" on the next calendar day, even under 24 hours away', () => {
    expect(formatExpiry(new Date(2025, 5, 16, 1, 0).toISOString(), now)).toBe('Expires tomorrow');
    expect(formatExpiry(at(1), now)).toBe('Expires tomorrow');
  });

  it('counts calendar days beyond tomorrow', () => {
    expect(formatExpiry(at(2), now)).toBe('Expires in 2 days');
    expect(formatExpiry(at(7), now)).toBe('Expires in 7 days');
  });

  it('reads "Expired" once past and nothing when unknown', () => {
    expect(formatExpiry(at(0, -1), now)).toBe('Expired');
    expect(formatExpiry(null, now)).toBe('');
    expect(formatExpiry('garbage', now)).toBe('');
  });
});

describe('isExpired', () => {
  it('is true only when expires_at is before now', () => {
    expect(isExpired(at(0, -1), now)).toBe(true);
    expect(isExpired(at(0, 1), now)).toBe(false);
    expect(isExpired(undefined, now)).toBe(false);
  });
});
