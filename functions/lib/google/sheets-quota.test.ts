import { describe, expect, it } from 'vitest';
import { WaitTooLong } from '../limits/token-bucket';
import { lastRowOf } from './sheets';
import { createSheetsQuotaLimiter, sheetsBucketOptions, sheetsQuotaConfig, SHEETS_DEFAULT_QUOTA } from './sheets-quota';

/** Virtual time: sleep advances the clock, so waits are measured, not spent. */
const virtualClock = () => {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms), at: () => t };
};

describe('Sheets quota limiter', () => {
  it('defaults to Google\'s published quotas and reads overrides from the environment', () => {
    expect(sheetsQuotaConfig({})).toMatchObject({ readsPerUser: 60, writesPerUser: 60, readsPerProject: 300, writesPerProject: 300, windowMs: 60_000 });
    expect(sheetsQuotaConfig({ SHEETS_WRITES_PER_USER: '100', SHEETS_QUOTA_WINDOW_MS: '3000', SHEETS_READS_PER_PROJECT: 'nope' })).toMatchObject({
      writesPerUser: 100,
      windowMs: 3000,
      readsPerProject: 300,
    });
  });

  it('never lets a window hold more than the budget (one under it, for arrival skew)', () => {
    for (const perWindow of [60, 300, 7]) {
      const { capacity, refillPerMs } = sheetsBucketOptions(perWindow, SHEETS_DEFAULT_QUOTA);
      expect(capacity + refillPerMs * SHEETS_DEFAULT_QUOTA.windowMs).toBeLessThanOrEqual(perWindow - 1 + 1e-9);
    }
  });

  it('spaces a burst of 200 writes of one user over windows of at most 59', async () => {
    const clock = virtualClock();
    const limiter = createSheetsQuotaLimiter(SHEETS_DEFAULT_QUOTA, clock);
    const times: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      await limiter.spend('maya@x.com', 'write');
      times.push(clock.at());
    }
    for (let i = 0; i < times.length; i += 1) expect(times.filter((t) => t >= times[i]! && t < times[i]! + 60_000).length).toBeLessThanOrEqual(59);
    // Reads are a separate quota: still free.
    const before = clock.at();
    await limiter.spend('maya@x.com', 'read');
    expect(clock.at()).toBe(before);
  });

  it('holds a user back past the window after a 429 and gives up early when told how long it may wait', async () => {
    const clock = virtualClock();
    const limiter = createSheetsQuotaLimiter(SHEETS_DEFAULT_QUOTA, clock);
    const backoff = limiter.backoffAfter429Ms(() => 0.5);
    expect(backoff).toBeGreaterThan(SHEETS_DEFAULT_QUOTA.windowMs);
    limiter.penalize('maya@x.com', 'write', backoff);
    await expect(limiter.spend('maya@x.com', 'write', 10_000)).rejects.toBeInstanceOf(WaitTooLong);
    // Another user is not held back by Maya's per-user 429.
    await limiter.spend('daniel@x.com', 'write', 0);
    await limiter.spend('maya@x.com', 'write');
    expect(clock.at()).toBeGreaterThanOrEqual(backoff);
  });
});

describe('lastRowOf', () => {
  it('finds the tab and the last row a values write touches', () => {
    expect(lastRowOf("'Outreach'!A1500:N1500", 1)).toEqual({ tab: 'Outreach', lastRow: 1500 });
    expect(lastRowOf("'It''s'!B10", 5)).toEqual({ tab: "It's", lastRow: 14 });
    expect(lastRowOf('Campaigns!A:H', 3)).toEqual({ tab: 'Campaigns', lastRow: 3 });
    expect(lastRowOf('A1', 1)).toBeUndefined();
  });
});
