import { describe, expect, it } from 'vitest';
import { bucketOptions, createGmailQuotaLimiter, gmailQuotaConfig, GMAIL_METHOD_UNITS } from './gmail-quota';
import { KeyedTokenBucket, WaitTooLong } from '../limits/token-bucket';

/** Virtual clock: sleep advances time instead of waiting. */
const virtualClock = () => {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms), advance: (ms: number) => void (t += ms) };
};

describe('Gmail quota configuration', () => {
  it('uses the published costs and the 15,000 units per user per minute', () => {
    const config = gmailQuotaConfig({});
    expect(config.unitsPerMinute).toBe(15_000);
    expect(GMAIL_METHOD_UNITS).toMatchObject({
      'users.getProfile': 1,
      'users.history.list': 2,
      'users.messages.list': 5,
      'users.messages.get': 5,
      'users.threads.list': 10,
      'users.threads.get': 10,
    });
    expect(gmailQuotaConfig({ GMAIL_UNITS_PER_MINUTE: '600' }).unitsPerMinute).toBe(600);
    expect(gmailQuotaConfig({ GMAIL_UNITS_PER_MINUTE: 'lots' }).unitsPerMinute).toBe(15_000);
  });

  it('sizes the bucket so no sliding minute of arrivals exceeds the budget, calls up to 1 s late included', () => {
    const o = bucketOptions(gmailQuotaConfig({}));
    expect(o.capacity + o.refillPerMs * 61_000).toBeCloseTo(15_000);
    expect(bucketOptions({ ...gmailQuotaConfig({}), transitMs: 0 }).refillPerMs * 60_000 + o.capacity).toBeCloseTo(15_000);
  });
});

describe('per-mailbox token bucket', () => {
  it('keeps a long burst of threads.get within the budget of every sliding minute', async () => {
    const clock = virtualClock();
    const limiter = createGmailQuotaLimiter(gmailQuotaConfig({ GMAIL_UNITS_PER_MINUTE: '600' }), clock);
    const spentAt: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      await limiter.spend('Talent@Agency.com', 'users.threads.get');
      spentAt.push(clock.now());
    }
    let worst = 0;
    for (const start of spentAt) worst = Math.max(worst, spentAt.filter((t) => t >= start && t < start + 60_000).length * 10);
    expect(worst).toBeLessThanOrEqual(600);
    // 3,000 units: a 60-unit burst, then 540 units a minute (the burst's share is kept back
    // so a sliding minute never exceeds 600, paced over 61 s for late arrivals):
    // (3000 - 60) / 540 x 61 s = 332 s.
    expect(clock.now()).toBeGreaterThan(331_000);
    expect(clock.now()).toBeLessThan(333_000);
  });

  it('keeps mailboxes independent and queues concurrent callers fairly', async () => {
    const clock = virtualClock();
    const bucket = new KeyedTokenBucket({ capacity: 10, refillPerMs: 0.01, ...clock });
    await bucket.acquire('a', 10);
    await bucket.acquire('b', 10);
    expect(bucket.available('a')).toBe(0);
    // Reservation: both callers take their units at once; the second waits for both debts.
    const waits: number[] = [];
    const bucket2 = new KeyedTokenBucket({ capacity: 10, refillPerMs: 0.01, now: () => 0, sleep: async (ms) => void waits.push(ms) });
    await Promise.all([bucket2.acquire('m', 15), bucket2.acquire('m', 5)]);
    expect(waits).toEqual([500, 1000]);
  });

  it('refuses to wait past the caller deadline, spending nothing', async () => {
    const bucket = new KeyedTokenBucket({ capacity: 10, refillPerMs: 0.001, now: () => 0, sleep: async () => {} });
    await bucket.acquire('m', 10);
    await expect(bucket.acquire('m', 5, 1_000)).rejects.toBeInstanceOf(WaitTooLong);
    expect(bucket.available('m')).toBe(0);
  });

  it('holds off after a server 429', () => {
    const clock = virtualClock();
    const bucket = new KeyedTokenBucket({ capacity: 100, refillPerMs: 0.1, ...clock });
    bucket.penalize('m', 2_000);
    expect(bucket.available('m')).toBe(-200);
    clock.advance(2_000);
    expect(bucket.available('m')).toBe(0);
  });
});
