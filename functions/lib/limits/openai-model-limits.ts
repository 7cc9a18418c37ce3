/**
 * OpenAI's rate limits as its rate-limits guide and model pages publish them: each model has its
 * own requests-per-minute and tokens-per-minute pool per organization/project (the key), sized by
 * the account's usage tier. Traffic to gpt-5-nano does not spend gpt-4.1-mini's budget, so the
 * product's purposes on different models run side by side. A dated snapshot
 * (`gpt-4.1-mini-2025-04-14`) spends its alias's pool.
 *
 * Figures: the model pages' tier tables (developers.openai.com/api/docs/models/<model>), with
 * gpt-5 and gpt-5-mini as raised in September 2025. A model this table does not know (a newer
 * successor, an OpenAI-compatible endpoint's id) is given the gpt-4.1-mini class, the smallest
 * pool among the product's choices; OPENAI_RPM / OPENAI_TPM set every pool when an account has
 * other limits.
 */
export type RateLimit = { requestsPerMinute: number; tokensPerMinute: number };

/** Tiers 1 to 5, in order. */
type TierTable = readonly [RateLimit, RateLimit, RateLimit, RateLimit, RateLimit];

const limit = (requestsPerMinute: number, tokensPerMinute: number): RateLimit => ({ requestsPerMinute, tokensPerMinute });

const MINI_CLASS: TierTable = [limit(500, 200_000), limit(5_000, 2_000_000), limit(5_000, 4_000_000), limit(10_000, 10_000_000), limit(30_000, 150_000_000)];
const FLAGSHIP_CLASS: TierTable = [limit(500, 30_000), limit(5_000, 450_000), limit(5_000, 800_000), limit(10_000, 2_000_000), limit(10_000, 30_000_000)];

export const MODEL_RATE_LIMITS: Readonly<Record<string, TierTable>> = {
  'gpt-4.1-mini': MINI_CLASS,
  'gpt-4.1-nano': MINI_CLASS,
  'gpt-4o-mini': MINI_CLASS,
  'gpt-4.1': FLAGSHIP_CLASS,
  'gpt-4o': FLAGSHIP_CLASS,
  o3: FLAGSHIP_CLASS,
  'gpt-5-nano': [limit(500, 200_000), limit(5_000, 2_000_000), limit(5_000, 4_000_000), limit(10_000, 10_000_000), limit(30_000, 180_000_000)],
  'gpt-5-mini': [limit(500, 500_000), limit(5_000, 2_000_000), limit(5_000, 4_000_000), limit(10_000, 10_000_000), limit(30_000, 180_000_000)],
  'gpt-5': [limit(500, 500_000), limit(5_000, 1_000_000), limit(5_000, 2_000_000), limit(10_000, 4_000_000), limit(15_000, 40_000_000)],
  'o4-mini': [limit(1_000, 100_000), limit(2_000, 2_000_000), limit(5_000, 4_000_000), limit(10_000, 10_000_000), limit(30_000, 150_000_000)],
};

export const TIERS = [1, 2, 3, 4, 5] as const;

/** The pool a model's requests spend: its alias (snapshots share it). */
export const poolOf = (model: string): string => model.replace(/-\d{4}-\d{2}-\d{2}$/, '');

/** A model's published limits at `tier` (1-5); unknown models get the gpt-4.1-mini class. */
export const publishedLimits = (model: string, tier: number): RateLimit => {
  const table = MODEL_RATE_LIMITS[poolOf(model)] ?? MINI_CLASS;
  const index = Math.min(TIERS.length, Math.max(1, Math.trunc(tier))) - 1;
  return table[index]!;
};

/** The gpt-4.1-mini class by tier: what a model the table does not know is given. */
export const DEFAULT_CLASS_LIMITS: Readonly<Record<number, RateLimit>> = Object.fromEntries(TIERS.map((tier) => [tier, MINI_CLASS[tier - 1]!]));
