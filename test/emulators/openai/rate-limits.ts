import { promptTokens } from './completion';
import type { EmulatorError } from './errors';

/**
 * OpenAI's rate limits (platform.openai.com/docs/guides/rate-limits): requests per minute and
 * tokens per minute, whichever runs out first, kept per key and per model (each model has its
 * own pool; a dated snapshot spends its alias's). The limits given apply to every model's pool
 * (the tiers below are the gpt-4.1-mini class, which the product's default models share). A
 * request is counted at admission for the larger of the max tokens it asks for
 * (max_completion_tokens or max_tokens) and its prompt estimated from the characters, whatever
 * the answer then uses (the guide's advice on max_tokens says the limiter takes whichever of the
 * two is larger). Both budgets refill
 * continuously: a full minute's budget may be spent at once, then it comes back at
 * limit/60 s per second. Past either: 429 `rate_limit_exceeded` naming the limit, with
 * `retry-after`/`retry-after-ms` and the `x-ratelimit-*` headers (the model's pool) every
 * answer carries.
 */
export type RateLimits = { requestsPerMinute: number; tokensPerMinute: number };

/** The usage tiers for the gpt-4.1-mini class, as published. */
export const EMULATOR_TIERS: Readonly<Record<number, RateLimits>> = {
  1: { requestsPerMinute: 500, tokensPerMinute: 200_000 },
  2: { requestsPerMinute: 5_000, tokensPerMinute: 2_000_000 },
  3: { requestsPerMinute: 5_000, tokensPerMinute: 4_000_000 },
  4: { requestsPerMinute: 10_000, tokensPerMinute: 10_000_000 },
  5: { requestsPerMinute: 30_000, tokensPerMinute: 150_000_000 },
};

/** Without max tokens a request may answer up to the model's output limit; counted as this. */
const DEFAULT_MAX_TOKENS = 16_384;
const MINUTE_MS = 60_000;

type Bucket = { left: number; at: number };

export type Admission =
  | { ok: true; tokens: number; headers: Record<string, string> }
  | { ok: false; tokens: number; error: EmulatorError };

/** "6m0s", "1s", "120ms": how OpenAI writes its reset durations. */
export const duration = (ms: number): string => {
  if (ms < 1000) return `${Math.max(0, Math.ceil(ms))}ms`;
  const s = ms / 1000;
  if (s < 60) return `${Number(s.toFixed(3))}s`;
  return `${Math.floor(s / 60)}m${Number((s % 60).toFixed(3))}s`;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** the larger of max tokens and the prompt estimate, as OpenAI counts a request at admission */
export const admissionTokens = (body: unknown): number => {
  if (!isRecord(body)) return 0;
  const messages = Array.isArray(body.messages) ? (body.messages as { role: string; content?: unknown }[]) : [];
  const format = isRecord(body.response_format) && isRecord(body.response_format.json_schema) ? body.response_format : undefined;
  const max = typeof body.max_completion_tokens === 'number' ? body.max_completion_tokens : typeof body.max_tokens === 'number' ? body.max_tokens : DEFAULT_MAX_TOKENS;
  return Math.max(promptTokens(messages as never, format as never), max);
};

/** The pool a model's requests spend: its alias, so a dated snapshot shares it. */
const poolOf = (model: string) => model.replace(/-\d{4}-\d{2}-\d{2}$/, '');

export const createRateLimiter = (initial: RateLimits | undefined, clock: () => number = Date.now) => {
  let limits = initial;
  const buckets = new Map<string, { requests: Bucket; tokens: Bucket }>();
  const refill = (b: Bucket, perMinute: number, now: number) => {
    b.left = Math.min(perMinute, b.left + ((now - b.at) * perMinute) / MINUTE_MS);
    b.at = now;
  };
  return {
    get limits() {
      return limits;
    },
    set(next: RateLimits | undefined) {
      limits = next;
      buckets.clear();
    },
    /** Counts one chat completion of `key` (already redacted) to `model`'s pool, or refuses it. */
    admit(key: string, model: string, body: unknown): Admission | undefined {
      if (!limits) return undefined;
      const now = clock();
      const tokens = admissionTokens(body);
      const pool = `${key} ${poolOf(model)}`;
      let b = buckets.get(pool);
      if (!b) buckets.set(pool, (b = { requests: { left: limits.requestsPerMinute, at: now }, tokens: { left: limits.tokensPerMinute, at: now } }));
      refill(b.requests, limits.requestsPerMinute, now);
      refill(b.tokens, limits.tokensPerMinute, now);
      const { requestsPerMinute: rpm, tokensPerMinute: tpm } = limits;
      const refuse = (kind: 'requests' | 'tokens', limit: number, left: number, requested: number): Admission => {
        const waitMs = Math.ceil(((requested - left) * MINUTE_MS) / limit);
        const label = kind === 'requests' ? 'requests per min (RPM)' : 'tokens per min (TPM)';
        return {
          ok: false,
          tokens,
          error: {
            status: 429,
            body: {
              error: {
                message: `Rate limit reached for ${model} in organization org-local on ${label}: Limit ${limit}, Used ${Math.round(limit - left)}, Requested ${requested}. Please try again in ${duration(waitMs)}. Visit https://platform.openai.com/account/rate-limits to learn more.`,
                type: kind,
                param: null,
                code: 'rate_limit_exceeded',
              },
            },
            headers: { ...headersOf(), 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))), 'retry-after-ms': String(waitMs) },
          },
        };
      };
      const headersOf = () => ({
        'x-ratelimit-limit-requests': String(rpm),
        'x-ratelimit-limit-tokens': String(tpm),
        'x-ratelimit-remaining-requests': String(Math.max(0, Math.floor(b.requests.left))),
        'x-ratelimit-remaining-tokens': String(Math.max(0, Math.floor(b.tokens.left))),
        'x-ratelimit-reset-requests': duration(((rpm - b.requests.left) * MINUTE_MS) / rpm),
        'x-ratelimit-reset-tokens': duration(((tpm - b.tokens.left) * MINUTE_MS) / tpm),
      });
      if (b.requests.left < 1) return refuse('requests', rpm, b.requests.left, 1);
      if (b.tokens.left < tokens) return refuse('tokens', tpm, b.tokens.left, tokens);
      b.requests.left -= 1;
      b.tokens.left -= tokens;
      return { ok: true, tokens, headers: headersOf() };
    },
  };
};

/** OPENAI_EMULATOR_TIER (1-5) or OPENAI_EMULATOR_RPM/OPENAI_EMULATOR_TPM; unset: not enforced. */
export const rateLimitsFromEnv = (env: Record<string, string | undefined> = process.env): RateLimits | undefined => {
  const tier = EMULATOR_TIERS[Number(env.OPENAI_EMULATOR_TIER)];
  const rpm = Number(env.OPENAI_EMULATOR_RPM);
  const tpm = Number(env.OPENAI_EMULATOR_TPM);
  if (!tier && !(rpm > 0) && !(tpm > 0)) return undefined;
  return {
    requestsPerMinute: rpm > 0 ? rpm : (tier?.requestsPerMinute ?? Number.MAX_SAFE_INTEGER),
    tokensPerMinute: tpm > 0 ? tpm : (tier?.tokensPerMinute ?? Number.MAX_SAFE_INTEGER),
  };
};
