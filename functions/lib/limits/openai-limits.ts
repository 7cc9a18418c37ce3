import { perPlatform } from '../platform/platform';
import { createHash } from 'node:crypto';
import type { TokenBucketOptions } from './token-bucket';
import { SharedBucket, type RateStore } from './shared-bucket';

/**
 * An OpenAI key's rate limits as OpenAI counts them: requests per minute, and tokens per minute
 * where a request counts at admission for its prompt plus the max tokens it asks for (not what
 * it ends up using). Both budgets are per key (per organization/project) across every Lambda,
 * so they live in shared buckets keyed by a hash of the key, never the key.
 *
 * The tier is the account's usage tier (platform.openai.com/docs/guides/rate-limits), for the
 * product's default models (gpt-4.1-mini class): OPENAI_TIER picks one, OPENAI_RPM / OPENAI_TPM
 * override either number (a model with other limits, a raised limit).
 */
export type OpenAILimits = { tier: number; requestsPerMinute: number; tokensPerMinute: number };

export const OPENAI_TIERS: Readonly<Record<number, { requestsPerMinute: number; tokensPerMinute: number }>> = {
  1: { requestsPerMinute: 500, tokensPerMinute: 200_000 },
  2: { requestsPerMinute: 5_000, tokensPerMinute: 2_000_000 },
  3: { requestsPerMinute: 5_000, tokensPerMinute: 4_000_000 },
  4: { requestsPerMinute: 10_000, tokensPerMinute: 10_000_000 },
  5: { requestsPerMinute: 30_000, tokensPerMinute: 150_000_000 },
};

const positive = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
};

export const openAILimits = (env: Record<string, string | undefined> = process.env): OpenAILimits => {
  const tier = OPENAI_TIERS[Number(env.OPENAI_TIER)] ? Number(env.OPENAI_TIER) : 1;
  const base = OPENAI_TIERS[tier]!;
  return {
    tier,
    requestsPerMinute: positive(env.OPENAI_RPM) ?? base.requestsPerMinute,
    tokensPerMinute: positive(env.OPENAI_TPM) ?? base.tokensPerMinute,
  };
};

/**
 * 5 % of a budget may go at once; the rest refills over the minute. capacity + refill * 60 s is
 * the budget, so no sliding minute exceeds it, and steady throughput is 95 % of it.
 */
const BURST = 0.05;
export const openAIBucketOptions = (perMinute: number): TokenBucketOptions => {
  const capacity = Math.max(1, Math.floor(perMinute * BURST));
  return { capacity, refillPerMs: (perMinute - capacity) / 60_000 };
};

export type OpenAILimiter = {
  limits: OpenAILimits;
  /** Waits until one request of `tokens` (prompt estimate + max tokens) may be sent with this key. */
  admit(apiKey: string, tokens: number, maxWaitMs?: number): Promise<void>;
  /** After a 429 rate_limit_exceeded: no process sends with this key for `ms`. */
  penalize(apiKey: string, ms: number): void;
};

/** The key's identity in the buckets: a hash, so no key is kept in a table or a map. */
export const keyId = (apiKey: string): string => createHash('sha256').update(apiKey.trim()).digest('hex').slice(0, 32);

export const createOpenAILimiter = (limits: OpenAILimits = openAILimits(), stores?: { requests: RateStore; tokens: RateStore }, clock: Pick<TokenBucketOptions, 'now' | 'sleep'> = {}): OpenAILimiter => {
  // Requests are reserved 5 at a time (one table write per 5 calls; a block unused for 5 s is
  // dropped, a few requests of 500 a minute); tokens exactly, as calls differ in size.
  const requests =
    stores?.requests ?? new SharedBucket({ ...openAIBucketOptions(limits.requestsPerMinute), ...clock, scope: 'openai-rpm', blockUnits: 5, blockTtlMs: 5_000 });
  const tokens = stores?.tokens ?? new SharedBucket({ ...openAIBucketOptions(limits.tokensPerMinute), ...clock, scope: 'openai-tpm' });
  return {
    limits,
    async admit(apiKey, count, maxWaitMs) {
      const id = keyId(apiKey);
      await tokens.acquire(id, count, maxWaitMs);
      await requests.acquire(id, 1, maxWaitMs);
    },
    penalize(apiKey, ms) {
      const id = keyId(apiKey);
      requests.penalize(id, ms);
      tokens.penalize(id, ms);
    },
  };
};

/** One client of the shared budgets per process (per warm Lambda). */
export const sharedOpenAILimiter: () => OpenAILimiter = perPlatform(() => createOpenAILimiter());
