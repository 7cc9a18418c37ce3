import { describe, expect, it } from 'vitest';
import { formatNextCheckIn, formatRelativeTime } from './relative-time';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatRelativeTime', () => {
  it('reads "Just now" under a minute', () => {
    expect(formatRelativeTime(ago(59_000), now)).toBe('Just now');
  });

  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3_600_000), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(5 * 3_600_000), now)).toBe('5 hours ago');
    expect(formatRelativeTime(ago(3 * 86_400_000), now)).toBe('3 days ago');
  });

  it('reads "Scheduled" for future times and the placeholder when missing', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 60_000), now)).toBe('Scheduled');
    expect(formatRelativeTime(null, now)).toBe('Not yet run');
    expect(formatRelativeTime(undefined, now, 'Awaiting first run')).toBe('Awaiting first run');
    expect(formatRelativeTime('not a date', now)).toBe('Not yet run');
  });
});

describe('formatNextCheckIn', () => {
  it('uses "< 1 min" below a minute and rounds otherwise', () => {
    expect(formatNextCheckIn(30)).toBe('(in < 1 min)');
    expect(formatNextCheckIn(95)).toBe('(in ~2 min)');
  });
});
