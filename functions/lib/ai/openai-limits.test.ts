import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OPENAI_KEY } from '../../../test/emulators/openai/keys';
import { startOpenAIEmulator, type OpenAIEmulator } from '../../../test/emulators/openai/server';
import { memoryBucketTable } from '../limits/memory-bucket-table';
import { poolOf } from '../limits/openai-model-limits';
import { KeyedTokenBucket, WaitTooLong } from '../limits/token-bucket';
import { virtualClock } from '../limits/virtual-clock';
import { createOpenAILimiter, keyId, OPENAI_HELD_MS, OPENAI_TIERS, openAIBucketOptions, openAILimits, poolLimits, type OpenAILimiter } from '../limits/openai-limits';
import { OpenAIRateLimited } from './errors';
import { admissionTokens, chatCompletion } from './openai';
import { estimatePromptTokens } from './tokens';

let emu: OpenAIEmulator;
const previousBase = process.env.OPENAI_BASE_URL;
beforeAll(async () => {
  emu = await startOpenAIEmulator({ rateLimits: false });
  process.env.OPENAI_BASE_URL = emu.url;
});
afterAll(async () => {
  if (previousBase === undefined) delete process.env.OPENAI_BASE_URL;
  else process.env.OPENAI_BASE_URL = previousBase;
  await emu.close();
});

const messages = [{ role: 'user' as const, content: 'Hi, my fee is $900 for one reel.' }];

describe('OpenAI limits', () => {
  it('defaults to tier 1; OPENAI_TIER picks the tier and OPENAI_RPM/TPM replace every pool\'s numbers', () => {
    expect(openAILimits({})).toEqual({ tier: 1 });
    expect(openAILimits({ OPENAI_TIER: '2' })).toEqual({ tier: 2 });
    expect(openAILimits({ OPENAI_TIER: '9' })).toEqual({ tier: 1 });
    expect(poolLimits(openAILimits({ OPENAI_TIER: '1', OPENAI_TPM: '30000' }), 'gpt-5-nano')).toEqual({ requestsPerMinute: 500, tokensPerMinute: 30_000 });
    // a unit may be spent up to a block's lifetime after the bucket let it through: still no minute past the budget
    const o = openAIBucketOptions(200_000);
    expect(o.capacity + o.refillPerMs * (60_000 + OPENAI_HELD_MS)).toBeCloseTo(200_000);
    expect(o.refillPerMs * 60_000).toBeGreaterThan(0.9 * 200_000);
  });

  it("gives each model its own published pool; a snapshot shares its alias's, an unknown model the gpt-4.1-mini class", () => {
    const tier1 = openAILimits({});
    expect(poolLimits(tier1, 'gpt-4.1-mini')).toEqual({ requestsPerMinute: 500, tokensPerMinute: 200_000 });
    expect(poolLimits(tier1, 'gpt-4.1')).toEqual({ requestsPerMinute: 500, tokensPerMinute: 30_000 });
    expect(poolLimits(tier1, 'gpt-5-mini')).toEqual({ requestsPerMinute: 500, tokensPerMinute: 500_000 });
    expect(poolLimits(openAILimits({ OPENAI_TIER: '2' }), 'gpt-5-nano-2025-08-07')).toEqual({ requestsPerMinute: 5_000, tokensPerMinute: 2_000_000 });
    expect(poolLimits(tier1, 'gpt-6-luna')).toEqual(OPENAI_TIERS[1]);
  });

  it('keys the buckets by a hash of the key, never the key', () => {
    expect(keyId(LOCAL_OPENAI_KEY)).not.toContain('sk-');
    expect(keyId(LOCAL_OPENAI_KEY)).toHaveLength(32);
  });

  it("admits every attempt to the model's pool for the larger of prompt estimate and max tokens, and a 429 penalizes that pool", async () => {
    const admitted: { model: string; tokens: number }[] = [];
    const penalties: { model: string; ms: number }[] = [];
    const limiter: OpenAILimiter = {
      limits: openAILimits({}),
      admit: async (_key, model, tokens) => void admitted.push({ model, tokens }),
      penalize: (_key, model, ms) => void penalties.push({ model, ms }),
    };
    emu.faults.set({ status: 429, rate: 0.5, retryAfterSeconds: 1 });
    try {
      await chatCompletion({ apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1-mini', maxTokens: 300, messages, limiter, retry: { sleep: async () => {} } });
    } finally {
      emu.faults.clear();
    }
    // a short prompt: the cap is what counts; a long one: the prompt
    expect(admissionTokens({ messages, maxTokens: 300 })).toBe(300);
    const long = [{ role: 'user' as const, content: 'x'.repeat(8_000) }];
    expect(admissionTokens({ messages: long, maxTokens: 300 })).toBe(estimatePromptTokens(long));
    // the refused attempt and the retry were both admitted; the 429 held the pool back ≥ its Retry-After
    expect(admitted).toEqual([
      { model: 'gpt-4.1-mini', tokens: 300 },
      { model: 'gpt-4.1-mini', tokens: 300 },
    ]);
    expect(penalties).toHaveLength(1);
    expect(penalties[0]!.model).toBe('gpt-4.1-mini');
    expect(penalties[0]!.ms).toBeGreaterThanOrEqual(1_000);
  });

  it("keeps one model's spending out of another's pool", async () => {
    const tiny = () => ({ tokens: new KeyedTokenBucket({ capacity: 1_000, refillPerMs: 0.001 }), requests: new KeyedTokenBucket({ capacity: 10, refillPerMs: 0.001 }) });
    const limiter = createOpenAILimiter({ tier: 1 }, { stores: tiny });
    await limiter.admit(LOCAL_OPENAI_KEY, 'gpt-4.1-mini', 1_000, 0);
    await expect(limiter.admit(LOCAL_OPENAI_KEY, 'gpt-4.1-mini-2025-04-14', 1_000, 0)).rejects.toBeInstanceOf(WaitTooLong);
    await expect(limiter.admit(LOCAL_OPENAI_KEY, 'gpt-5-nano', 1_000, 0)).resolves.toBeUndefined();
    // a 429 on one model holds back only its pool
    limiter.penalize(LOCAL_OPENAI_KEY, 'gpt-4.1', 60_000);
    await expect(limiter.admit(LOCAL_OPENAI_KEY, 'gpt-4.1', 1, 0)).rejects.toBeInstanceOf(WaitTooLong);
    await expect(limiter.admit('sk-another-key', 'gpt-4.1-mini', 1_000, 0)).resolves.toBeUndefined();
  });

  it('turns a wait past the invocation into a rate limit error instead of waiting', async () => {
    const tiny = () => ({ tokens: new KeyedTokenBucket({ capacity: 100, refillPerMs: 0.001 }), requests: new KeyedTokenBucket({ capacity: 10, refillPerMs: 0.001 }) });
    const limiter = createOpenAILimiter({ tier: 1 }, { stores: tiny });
    await expect(
      chatCompletion({ apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1-mini', maxTokens: 500, messages, limiter, retry: { remainingMs: () => 10_000 } }),
    ).rejects.toBeInstanceOf(OpenAIRateLimited);
  });
});

describe('OpenAI limiter shared by processes (bucket table in memory, simulated clock)', () => {
  it('keeps every sliding minute of each model pool within its limits while using most of them', async () => {
    const clock = virtualClock();
    const table = memoryBucketTable({ delay: () => clock.sleep(5) });
    const limits = openAILimits({});
    const end = 4 * 60_000;
    const passes: { at: number; model: string; tokens: number }[] = [];
    const process = async (model: string, tokens: number, latencyMs: number) => {
      const limiter = createOpenAILimiter(limits, { table, clock: { now: clock.now, sleep: clock.sleep } });
      const lane = async () => {
        while (clock.now() < end) {
          await limiter.admit(LOCAL_OPENAI_KEY, model, tokens);
          passes.push({ at: clock.now(), model, tokens });
          await clock.sleep(latencyMs);
        }
      };
      await Promise.all(Array.from({ length: 10 }, lane));
    };
    // three Lambdas on gpt-4.1-mini (tokens bind), two on gpt-5-nano (requests bind)
    const runs = [process('gpt-4.1-mini', 900, 1_000), process('gpt-4.1-mini-2025-04-14', 500, 3_000), process('gpt-4.1-mini', 700, 2_000), process('gpt-5-nano', 100, 1_000), process('gpt-5-nano', 150, 500)];
    await clock.run(end);
    void runs;
    for (const model of ['gpt-4.1-mini', 'gpt-5-nano']) {
      const mine = passes.filter((p) => p.at <= end && poolOf(p.model) === model);
      const budget = poolLimits(limits, model);
      let worstTokens = 0;
      let worstRequests = 0;
      for (const start of mine) {
        const inMinute = mine.filter((p) => p.at >= start.at && p.at < start.at + 60_000);
        worstTokens = Math.max(worstTokens, inMinute.reduce((n, p) => n + p.tokens, 0));
        worstRequests = Math.max(worstRequests, inMinute.length);
      }
      expect(worstTokens).toBeLessThanOrEqual(budget.tokensPerMinute);
      expect(worstRequests).toBeLessThanOrEqual(budget.requestsPerMinute);
      // the binding one of the two is used: over the 4 minutes, near 90 % of it
      const used = Math.max(mine.reduce((n, p) => n + p.tokens, 0) / budget.tokensPerMinute, mine.length / budget.requestsPerMinute) / 4;
      expect(used).toBeGreaterThan(0.85);
    }
    // blocks: far fewer table requests than calls
    expect(table.writes + table.reads).toBeLessThan(passes.length);
  });
});
