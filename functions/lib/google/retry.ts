/**
 * The one retry policy for Google and OpenAI calls: exponential backoff with full jitter,
 * honouring Retry-After, bounded by attempts and by a deadline so a Lambda never outlives its
 * timeout (the state machine's own Retry takes over from there). Clock, sleep and randomness
 * are injectable so tests run in virtual time.
 */
export type RetryPolicy = {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Remaining time of the invocation, e.g. `context.getRemainingTimeInMillis`. */
  remainingMs?: () => number;
  /** Time kept back from the deadline for the caller to save its work and return. */
  reserveMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
};

export type RetryDecision = { retry: boolean; retryAfterMs?: number };

export const defaultRetryPolicy = (): RetryPolicy => ({
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  reserveMs: 5_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
});

/** Full jitter: uniform in [0, min(cap, base * 2^attempt)]; Retry-After, when given, is a floor. */
export const backoffDelay = (attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>, retryAfterMs?: number): number => {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = Math.floor(policy.random() * ceiling);
  return retryAfterMs !== undefined ? Math.max(retryAfterMs, jittered) : jittered;
};

export type RetryHooks = {
  /** Decide from the thrown error; never retry what is not listed as transient. */
  classify: (error: unknown) => RetryDecision;
  /** Called before each wait, e.g. to log or to drain a rate limiter. */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
};

export const withRetry = async <T>(fn: (attempt: number) => Promise<T>, hooks: RetryHooks, overrides: Partial<RetryPolicy> = {}): Promise<T> => {
  const policy = { ...defaultRetryPolicy(), ...overrides };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn(attempt);
    } catch (error) {
      const decision = hooks.classify(error);
      if (!decision.retry || attempt + 1 >= policy.maxAttempts) throw error;
      const delayMs = backoffDelay(attempt, policy, decision.retryAfterMs);
      // Waiting past the deadline would only get the Lambda killed mid-call: give up now and
      // let the caller (or Step Functions) retry later.
      if (policy.remainingMs && policy.remainingMs() - delayMs < policy.reserveMs) throw error;
      hooks.onRetry?.({ attempt, delayMs, error });
      await policy.sleep(delayMs);
    }
  }
};
