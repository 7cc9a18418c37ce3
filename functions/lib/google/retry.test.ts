import { describe, expect, it } from 'vitest';
import { backoffDelay, withRetry } from './retry';

const transient = Object.assign(new Error('busy'), { transient: true });
const classify = (e: unknown) => ({ retry: (e as { transient?: boolean }).transient === true });

describe('withRetry', () => {
  it('retries transient failures with full-jitter exponential backoff', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls += 1;
        if (calls < 4) throw transient;
        return 'ok';
      },
      { classify },
      { sleep: async (ms) => void waits.push(ms), random: () => 0.5, baseDelayMs: 100, maxDelayMs: 1_000 },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual([50, 100, 200]);
  });

  it('never retries what is not transient, and stops at maxAttempts', async () => {
    let calls = 0;
    await expect(withRetry(async () => { calls += 1; throw new Error('bad'); }, { classify }, { sleep: async () => {} })).rejects.toThrow('bad');
    expect(calls).toBe(1);
    calls = 0;
    await expect(withRetry(async () => { calls += 1; throw transient; }, { classify }, { sleep: async () => {}, maxAttempts: 3 })).rejects.toBe(transient);
    expect(calls).toBe(3);
  });

  it('honours Retry-After as a floor and caps the jitter', () => {
    const policy = { baseDelayMs: 500, maxDelayMs: 4_000, random: () => 0.999 };
    expect(backoffDelay(0, policy, 3_000)).toBe(3_000);
    expect(backoffDelay(10, policy)).toBe(3_996);
    expect(backoffDelay(10, { ...policy, random: () => 0 }, undefined)).toBe(0);
  });

  it('gives up rather than sleep past the deadline', async () => {
    let remaining = 8_000;
    const waits: number[] = [];
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw Object.assign(new Error('429'), { transient: true });
        },
        { classify: () => ({ retry: true, retryAfterMs: 2_000 }) },
        {
          remainingMs: () => remaining,
          reserveMs: 5_000,
          random: () => 0,
          sleep: async (ms) => {
            waits.push(ms);
            remaining -= ms;
          },
        },
      ),
    ).rejects.toThrow('429');
    // 8 s left, 5 s reserved: one 2 s wait fits, the second would not.
    expect(waits).toEqual([2_000]);
    expect(calls).toBe(2);
  });
});
