import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OPENAI_KEY } from '../../../test/emulators/openai/keys';
import { startOpenAIEmulator, type OpenAIEmulator } from '../../../test/emulators/openai/server';
import { KeyedTokenBucket } from '../limits/token-bucket';
import { createOpenAILimiter, keyId, openAIBucketOptions, openAILimits, type OpenAILimiter } from '../limits/openai-limits';
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
  it('defaults to tier 1 (500 RPM, 200,000 TPM); OPENAI_TIER and OPENAI_RPM/TPM configure it', () => {
    expect(openAILimits({})).toEqual({ tier: 1, requestsPerMinute: 500, tokensPerMinute: 200_000 });
    expect(openAILimits({ OPENAI_TIER: '2' })).toEqual({ tier: 2, requestsPerMinute: 5_000, tokensPerMinute: 2_000_000 });
    expect(openAILimits({ OPENAI_TIER: '1', OPENAI_TPM: '30000' }).tokensPerMinute).toBe(30_000);
    const o = openAIBucketOptions(200_000);
    expect(o.capacity + o.refillPerMs * 60_000).toBeCloseTo(200_000);
  });

  it('keys the buckets by a hash of the key, never the key', () => {
    expect(keyId(LOCAL_OPENAI_KEY)).not.toContain('sk-');
    expect(keyId(LOCAL_OPENAI_KEY)).toHaveLength(32);
  });

  it('admits every attempt for prompt estimate + max tokens, and a 429 rate_limit_exceeded penalizes the key', async () => {
    const admitted: number[] = [];
    const penalties: number[] = [];
    const limiter: OpenAILimiter = {
      limits: openAILimits({}),
      admit: async (_key, tokens) => void admitted.push(tokens),
      penalize: (_key, ms) => void penalties.push(ms),
    };
    emu.faults.set({ status: 429, rate: 0.5, retryAfterSeconds: 1 });
    try {
      await chatCompletion({ apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1-mini', maxTokens: 300, messages, limiter, retry: { sleep: async () => {} } });
    } finally {
      emu.faults.clear();
    }
    const expected = estimatePromptTokens(messages) + 300;
    expect(admissionTokens({ messages, maxTokens: 300 })).toBe(expected);
    // the refused attempt and the retry were both admitted; the 429 held the key back ≥ its Retry-After
    expect(admitted).toEqual([expected, expected]);
    expect(penalties).toHaveLength(1);
    expect(penalties[0]).toBeGreaterThanOrEqual(1_000);
  });

  it('turns a wait past the invocation into a rate limit error instead of waiting', async () => {
    const tiny = { tokens: new KeyedTokenBucket({ capacity: 100, refillPerMs: 0.001 }), requests: new KeyedTokenBucket({ capacity: 10, refillPerMs: 0.001 }) };
    const limiter = createOpenAILimiter({ tier: 1, requestsPerMinute: 60, tokensPerMinute: 100 }, tiny);
    await expect(
      chatCompletion({ apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1-mini', maxTokens: 500, messages, limiter, retry: { remainingMs: () => 10_000 } }),
    ).rejects.toBeInstanceOf(OpenAIRateLimited);
  });
});
