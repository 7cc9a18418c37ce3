import { createHash } from 'node:crypto';
import { perPlatform } from '../platform/platform';
import type { BucketTable } from './bucket-table';
import { DEFAULT_CLASS_LIMITS, poolOf, publishedLimits, TIERS, type RateLimit } from './openai-model-limits';
import type { TokenBucketOptions } from './token-bucket';
import { SharedBucket, type RateStore } from './shared-bucket';

/**
 * An OpenAI key's rate limits as OpenAI applies them: a requests-per-minute and a
 * tokens-per-minute budget per model (openai-model-limits.ts), per organization/project, across
 * every Lambda, so each (key, model) pool lives in shared buckets keyed by a hash of the key,
 * never the key. What a request counts for at admission is the caller's (ai/openai.ts:
 * admissionTokens).
 *
 * The tier is the account's usage tier (platform.openai.com/docs/guides/rate-limits):
 * OPENAI_TIER picks it; OPENAI_RPM / OPENAI_TPM, when set, replace every pool's numbers (an
 * account with raised or lowered limits).
 */
export type OpenAILimits = {
  tier: number;
  requestsPerMinute?: number;
  tokensPerMinute?: number;
};

/** The gpt-4.1-mini class by tier (the product's default models' pools). */
export const OPENAI_TIERS: Readonly<Record<number, RateLimit>> = DEFAULT_CLASS_LIMITS;

const positive = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
};

export const openAILimits = (env: Record<string, string | undefined> = process.env): OpenAILimits => {
  const tier = (TIERS as readonly number[]).includes(Number(env.OPENAI_TIER)) ? Number(env.OPENAI_TIER) : 1;
  const requestsPerMinute = positive(env.OPENAI_RPM);
  const tokensPerMinute = positive(env.OPENAI_TPM);
  return { tier, ...(requestsPerMinute ? { requestsPerMinute } : {}), ...(tokensPerMinute ? { tokensPerMinute } : {}) };
};

/** The budget of `model`'s pool under these limits. */
export const poolLimits = (limits: OpenAILimits, model: string): RateLimit => {
  const published = publishedLimits(model, limits.tier);
  return {
    requestsPerMinute: limits.requestsPerMinute ?? published.requestsPerMinute,
    tokensPerMinute: limits.tokensPerMinute ?? published.tokensPerMinute,
  };
};

/**
 * Each process reserves a pool's requests and tokens for up to this many calls at once (as many
 * as it has waiting, or spent lately) and spends them locally: about two model calls in three
 * make no table request (bench/openai-throughput.ts).
 */
export const OPENAI_BLOCK_CALLS = 8;
/**
 * A block's units are spent within this long of the moment they could first be (else they go
 * back to the pool): a unit is spent at most this late, which the budget below allows for.
 */
export const OPENAI_BLOCK_TTL_MS = 3_000;
/** A pool idle for less than this is added to, not restarted: one write where two would learn it went idle. */
const STALE_MS = 1_000;
/** How late after the bucket let it through a unit may be spent, or credited beyond full. */
export const OPENAI_HELD_MS = OPENAI_BLOCK_TTL_MS + STALE_MS;

/**
 * 2 % of a budget may go at once; the rest refills. A unit may be spent up to a block's lifetime
 * after the bucket let it through, and a bucket idle under STALE_MS credits that much refill
 * beyond full: any minute's spending comes from what the bucket let through in
 * 60 s + `heldMs`, so capacity + refill * (60 s + heldMs) is the budget, no sliding minute
 * exceeds it, and steady throughput is 98 % * 60 / (60 + heldMs in s) of it: 92 % with 4 s.
 */
const BURST = 0.02;
export const openAIBucketOptions = (perMinute: number, heldMs = OPENAI_HELD_MS): TokenBucketOptions => {
  const capacity = Math.max(1, Math.floor(perMinute * BURST));
  return { capacity, refillPerMs: (perMinute - capacity) / (60_000 + heldMs) };
};

export type OpenAILimiter = {
  limits: OpenAILimits;
  /** Waits until one request to `model` counted as `tokens` may be sent with this key. */
  admit(apiKey: string, model: string, tokens: number, maxWaitMs?: number): Promise<void>;
  /** After a 429 rate_limit_exceeded on `model`: no process sends to its pool with this key for `ms`. */
  penalize(apiKey: string, model: string, ms: number): void;
};

/** The key's identity in the buckets: a hash, so no key is kept in a table or a map. */
export const keyId = (apiKey: string): string => createHash('sha256').update(apiKey.trim()).digest('hex').slice(0, 32);

export type PoolStores = { requests: RateStore; tokens: RateStore };

export type OpenAILimiterOptions = {
  /** the stores of one pool (tests: buckets in memory); default SharedBuckets in `table` */
  stores?: (pool: string, budget: RateLimit) => PoolStores;
  table?: BucketTable;
  clock?: Pick<TokenBucketOptions, 'now' | 'sleep'>;
};

/** A pool's requests and tokens as shared buckets, in blocks. */
const sharedPoolStores =
  (options: Pick<OpenAILimiterOptions, 'table' | 'clock'>) =>
  (_pool: string, budget: RateLimit): PoolStores => {
    const shared = { ...options.clock, ...(options.table ? { table: options.table } : {}), blockMultiple: OPENAI_BLOCK_CALLS, blockTtlMs: OPENAI_BLOCK_TTL_MS, returnUnused: true, staleMs: STALE_MS };
    return {
      requests: new SharedBucket({ ...openAIBucketOptions(budget.requestsPerMinute), ...shared, scope: 'openai-rpm' }),
      tokens: new SharedBucket({ ...openAIBucketOptions(budget.tokensPerMinute), ...shared, scope: 'openai-tpm' }),
    };
  };

export const createOpenAILimiter = (limits: OpenAILimits = openAILimits(), options: OpenAILimiterOptions = {}): OpenAILimiter => {
  const makeStores = options.stores ?? sharedPoolStores(options);
  const pools = new Map<string, PoolStores>();
  const poolFor = (apiKey: string, model: string) => {
    const pool = poolOf(model);
    let stores = pools.get(pool);
    if (!stores) pools.set(pool, (stores = makeStores(pool, poolLimits(limits, model))));
    // one item per key and model in the table: the pool OpenAI keeps
    return { stores, id: `${keyId(apiKey)}:${pool}` };
  };
  return {
    limits,
    async admit(apiKey, model, tokens, maxWaitMs) {
      const { stores, id } = poolFor(apiKey, model);
      await stores.tokens.acquire(id, tokens, maxWaitMs);
      await stores.requests.acquire(id, 1, maxWaitMs);
    },
    penalize(apiKey, model, ms) {
      const { stores, id } = poolFor(apiKey, model);
      stores.requests.penalize(id, ms);
      stores.tokens.penalize(id, ms);
    },
  };
};

/** One client of the shared budgets per process (per warm Lambda). */
export const sharedOpenAILimiter: () => OpenAILimiter = perPlatform(() => createOpenAILimiter());
