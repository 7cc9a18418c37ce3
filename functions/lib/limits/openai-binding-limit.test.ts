import { describe, expect, it } from 'vitest';
import { bindingLimit } from './openai-binding-limit';
import { lanesFor, MAX_LANES, threadsInFlight } from './openai-concurrency';

describe("OpenAI's binding limit for a workload", () => {
  it('takes the tightest of each model pool, requests and tokens, with snapshots in their alias pool', () => {
    const tier1 = { tier: 1 };
    // gpt-4.1-mini: 866 tokens and 2 requests a thread; gpt-5-nano: 634 tokens and 1 request
    const firstRead = [
      { model: 'gpt-5-nano', requests: 1, tokens: 634 },
      { model: 'gpt-4.1-mini', requests: 1, tokens: 550 },
      { model: 'gpt-4.1-mini-2025-04-14', requests: 1, tokens: 316 },
    ];
    expect(bindingLimit(tier1, firstRead)).toEqual({ threadsPerMinute: 200_000 / 866, pool: 'gpt-4.1-mini', kind: 'tokens', perMinute: 200_000 });
    // tier 3: gpt-4.1-mini's 5,000 requests a minute bind before its 4,000,000 tokens
    expect(bindingLimit({ tier: 3 }, firstRead)).toMatchObject({ threadsPerMinute: 2_500, pool: 'gpt-4.1-mini', kind: 'requests' });
    // everything on one model: that pool carries all of it
    expect(bindingLimit(tier1, firstRead.map((d) => ({ ...d, model: 'gpt-4.1' }))).threadsPerMinute).toBeCloseTo(30_000 / 1_500);
  });
});

describe("in flight by Little's law", () => {
  it('keeps rate x time a thread takes going, with headroom, in lanes of a batch', () => {
    // 231 threads/min, 3 calls of 3 s + 1 s: 38.5 in flight, 1.5 x that
    expect(threadsInFlight(231, 3, 3_000)).toBe(58);
    expect(threadsInFlight(231, 3, 1_000)).toBe(24);
    expect(lanesFor(58, 10)).toBe(6);
    expect(lanesFor(10_000, 10)).toBe(MAX_LANES);
    expect(lanesFor(0, 10)).toBe(1);
  });
});
