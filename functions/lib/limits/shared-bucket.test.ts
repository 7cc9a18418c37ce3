import { describe, expect, it } from 'vitest';
import { memoryBucketTable } from './memory-bucket-table';
import { SharedBucket, type SharedBucketOptions } from './shared-bucket';
import { virtualClock } from './virtual-clock';

/**
 * 60,000 units a minute: a burst of 1,200, the rest refilling so that a unit spent up to a
 * block's 3 s lifetime late still leaves every minute within the budget.
 */
const BUDGET = 60_000;
const TTL_MS = 3_000;
const budget = { capacity: 1_200, refillPerMs: (BUDGET - 1_200) / (60_000 + TTL_MS) };

const setup = (options: Partial<SharedBucketOptions> = {}) => {
  const clock = virtualClock();
  const table = memoryBucketTable({ delay: () => clock.sleep(5) });
  const bucket = () => new SharedBucket({ ...budget, scope: 'test', now: clock.now, sleep: clock.sleep, table, ...options });
  return { clock, table, bucket };
};

/** The most units spent in any window of `windowMs`. */
const worstWindow = (passes: { at: number; units: number }[], windowMs: number): number => {
  let worst = 0;
  for (const start of passes) worst = Math.max(worst, passes.filter((p) => p.at >= start.at && p.at < start.at + windowMs).reduce((n, p) => n + p.units, 0));
  return worst;
};

describe('SharedBucket blocks', () => {
  it('a process that keeps spending reserves blocks of several calls: most calls make no table request', async () => {
    const { clock, table, bucket } = setup({ blockMultiple: 8, blockTtlMs: TTL_MS, capacity: 6_000 });
    const store = bucket();
    const done = (async () => {
      for (let i = 0; i < 80; i += 1) {
        await store.acquire('key', 500);
        await clock.sleep(200);
      }
    })();
    await clock.run(10 * 60_000);
    await done;
    expect(table.writes + table.reads).toBeLessThanOrEqual(20);
    expect(store.requests).toBe(table.writes + table.reads);
  });

  it('calls waiting together are served by one reservation', async () => {
    const { clock, table, bucket } = setup({ blockMultiple: 8, capacity: 6_000 });
    const store = bucket();
    const calls = Promise.all(Array.from({ length: 8 }, () => store.acquire('key', 500)));
    await clock.run(60_000);
    await calls;
    expect(table.writes).toBe(1);
  });

  it('three processes spending blocks of one shared budget never pass more than it in any minute', async () => {
    const { clock, bucket } = setup({ blockMultiple: 8, blockTtlMs: TTL_MS, returnUnused: true });
    const passes: { at: number; units: number }[] = [];
    const end = 4 * 60_000;
    const process = async (units: number, latencyMs: number) => {
      const store = bucket();
      while (clock.now() < end) {
        await store.acquire('key', units);
        passes.push({ at: clock.now(), units });
        await clock.sleep(latencyMs);
      }
    };
    const runs = [process(400, 0), process(700, 50), process(250, 20)];
    await clock.run(end);
    await clock.run(end + 120_000);
    await Promise.all(runs);
    expect(worstWindow(passes, 60_000)).toBeLessThanOrEqual(BUDGET);
    // and the budget is used: over the 4 minutes, near the burst plus the refill
    const spent = passes.filter((p) => p.at < end).reduce((n, p) => n + p.units, 0);
    expect(spent).toBeGreaterThan(0.95 * (budget.capacity + budget.refillPerMs * end));
  });

  it('hands a short block back in the write that takes the next one while others wait on the bucket', async () => {
    const { clock, table, bucket } = setup({ blockUnits: 400 });
    const a = bucket();
    const b = bucket();
    let before = 0;
    const spend = (async () => {
      await b.acquire('key', 1_000);
      for (const units of [100, 100, 100]) await a.acquire('key', units);
      before = a.requests;
      await a.acquire('key', 250);
    })();
    await clock.run(60_000);
    await spend;
    // b 1,000; a 400, then with 100 left for a call of 250: 100 back and 400 more in one write
    expect(table.tatOf({ scope: 'test', subject: subjectOfKey() })).toBeCloseTo((1_000 + 400 - 100 + 400) / budget.refillPerMs, 0);
    expect(a.requests - before).toBe(1);
  });

  it("gives an expired block's rest back to the shared bucket while others wait on it", async () => {
    const { clock, table, bucket } = setup({ blockMultiple: 10, blockTtlMs: 2_000, returnUnused: true, capacity: 100 });
    const a = bucket();
    const b = new SharedBucket({ ...budget, capacity: 100, scope: 'test', now: clock.now, sleep: clock.sleep, table });
    const first = a.acquire('key', 100);
    await clock.run(1);
    const second = b.acquire('key', 5_000);
    await clock.run(60_000);
    await Promise.all([first, second]);
    // a reserved 1,000 and spent 100; b 5,000; a's 900 went back when its block expired
    expect(table.tatOf({ scope: 'test', subject: subjectOfKey() })).toBeCloseTo((1_000 + 5_000 - 900) / budget.refillPerMs, 0);
  });

  it('a block that would wait past maxWaitMs falls back to what the call needs', async () => {
    const { clock, bucket } = setup({ blockMultiple: 100, capacity: 1_000 });
    const store = bucket();
    const call = store.acquire('key', 500, 1_000);
    await clock.run(5_000);
    await expect(call).resolves.toBeUndefined();
  });

  it('a 429 holds back every process sharing the table', async () => {
    const { clock, bucket } = setup({ blockMultiple: 8 });
    const a = bucket();
    const b = bucket();
    a.penalize('key', 10_000);
    await clock.run(10);
    const started = clock.now();
    let passedAt = 0;
    const call = b.acquire('key', 1).then(() => void (passedAt = clock.now()));
    await clock.run(60_000);
    await call;
    expect(passedAt - started).toBeGreaterThanOrEqual(9_900);
  });
});

import { createHash } from 'node:crypto';
/** The item subject SharedBucket gives the key 'key' (a hash: no address or key is stored). */
function subjectOfKey() {
  return createHash('sha256').update('key').digest('base64url').slice(0, 32);
}
