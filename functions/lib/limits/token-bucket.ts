/**
 * A token bucket per key (a mailbox, an OpenAI key) in this process, by reservation: `acquire`
 * takes its units at once, even into debt, and waits until the debt is repaid. Concurrent callers
 * therefore queue fairly and never overspend. In any window of T ms at most
 * `capacity + refillPerMs * T` units pass, so choosing capacity + refill * 60 s = the per-minute
 * budget keeps every sliding minute within it. SharedBucket (shared-bucket.ts) is the same bucket
 * kept in DynamoDB for budgets every Lambda shares.
 */
export type TokenBucketOptions = {
  capacity: number;
  refillPerMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

type Bucket = { tokens: number; at: number };

export class WaitTooLong extends Error {
  constructor(readonly waitMs: number) {
    super(`Rate limiter would wait ${waitMs} ms`);
    this.name = 'WaitTooLong';
  }
}

export class KeyedTokenBucket {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: TokenBucketOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private refill(key: string): Bucket {
    const t = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.options.capacity, at: t };
    bucket.tokens = Math.min(this.options.capacity, bucket.tokens + (t - bucket.at) * this.options.refillPerMs);
    bucket.at = t;
    this.buckets.set(key, bucket);
    return bucket;
  }

  /** Waits until `units` may be spent. Throws WaitTooLong (spending nothing) past `maxWaitMs`. */
  async acquire(key: string, units: number, maxWaitMs = Infinity): Promise<void> {
    const bucket = this.refill(key);
    const waitMs = bucket.tokens >= units ? 0 : Math.ceil((units - bucket.tokens) / this.options.refillPerMs);
    if (waitMs > maxWaitMs) throw new WaitTooLong(waitMs);
    bucket.tokens -= units;
    if (waitMs > 0) await this.sleep(waitMs);
  }

  /** After a 429 the server knows better: stop spending on this key for `ms`. */
  penalize(key: string, ms: number): void {
    const bucket = this.refill(key);
    bucket.tokens = Math.min(bucket.tokens, -ms * this.options.refillPerMs);
  }

  /** Units available now (negative while callers wait); for tests and metrics. */
  available(key: string): number {
    return this.refill(key).tokens;
  }
}
