import { createHash } from 'node:crypto';
import { isConditionalFailure } from '../store/conditional-write';
import { errorMessage, logger } from '../logger';
import { rateBucketEntity } from '../store/entities/rate-bucket';
import { KeyedTokenBucket, WaitTooLong, type TokenBucketOptions } from './token-bucket';

/**
 * The one limiter store every quota of the product uses: a token bucket per key kept in
 * DynamoDB (see entities/rate-bucket.ts), so concurrent Lambdas spending the same quota share
 * one budget instead of each spending all of it.
 *
 * The bucket is a GCRA: `tat` advances by `units / refillPerMs` per reservation, and a caller
 * whose reservation ends more than `capacity / refillPerMs` ahead of now waits for the
 * difference. In any window of T ms at most `capacity + refillPerMs * T` units pass, exactly as
 * the in-process KeyedTokenBucket. One conditional UpdateItem per reservation (two when the
 * bucket turned idle or busy under us); `blockUnits` > the call's units reserves a block that
 * this process then spends locally for up to `blockTtlMs`, so a Gmail read of 10 units does
 * not cost a DynamoDB write each. Units left in an expired block are lost (never over-spent).
 *
 * `localAllowance` lets each process spend a few units a window with no table request at all
 * (an idle monitor check's one history.list); the caller keeps that share out of the budget.
 *
 * `penalize` (after a 429) pushes `tat` forward for every process. When DynamoDB itself fails
 * (no table, no grant), the call falls back to a bucket in this process and says so once: the
 * service's own 429s still back us off.
 */
export type RateStore = {
  /** Waits until `units` may be spent. Throws WaitTooLong (spending nothing) past `maxWaitMs`. */
  acquire(key: string, units: number, maxWaitMs?: number): Promise<void>;
  /** After a 429: nobody spends on this key for `ms`. */
  penalize(key: string, ms: number): void;
};

export type SharedBucketOptions = TokenBucketOptions & {
  /** names the quota (`gmail`, `sheets-user-write`, `openai-tpm`...): part of the item's key */
  scope: string;
  /** units reserved from DynamoDB at once when a call needs fewer; default: exactly what is asked */
  blockUnits?: number;
  blockTtlMs?: number;
  /**
   * Units per `allowanceWindowMs` each process may spend without asking DynamoDB (an idle
   * check's single small call then costs no table request). The caller keeps twice this times
   * the processes it expects out of the shared budget.
   */
  localAllowance?: number;
  allowanceWindowMs?: number;
};

type Block = { left: number; until: number };

const subjectOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

const HOUR_S = 3600;
const MAX_ATTEMPTS = 6;

export class SharedBucket implements RateStore {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly interval: number;
  private readonly tau: number;
  private readonly blocks = new Map<string, Block>();
  /** the last `tat` this process saw per key: which of the two updates to try first */
  private readonly seen = new Map<string, number>();
  /** per key, calls of this process queue behind each other (fair, and one block at a time) */
  private readonly queues = new Map<string, Promise<void>>();
  private fallback: KeyedTokenBucket | undefined;
  private readonly allowance: KeyedTokenBucket | undefined;
  /** DynamoDB requests made, for the bench's per-call cost */
  requests = 0;

  constructor(private readonly options: SharedBucketOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.interval = 1 / options.refillPerMs;
    this.tau = options.capacity * this.interval;
    const allowance = options.localAllowance ?? 0;
    this.allowance = allowance > 0 ? new KeyedTokenBucket({ capacity: allowance, refillPerMs: allowance / (options.allowanceWindowMs ?? 60_000), now: this.now, sleep: this.sleep }) : undefined;
  }

  acquire(key: string, units: number, maxWaitMs = Infinity): Promise<void> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.acquireNow(key, units, maxWaitMs));
    const tail = next.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return next;
  }

  penalize(key: string, ms: number): void {
    this.blocks.delete(key);
    const run = async () => {
      const until = this.now() + ms + this.tau;
      try {
        this.requests += 1;
        await rateBucketEntity
          .update({ scope: this.options.scope, subject: subjectOf(key) })
          .set({ tat: until, expires_at_epoch: Math.ceil(until / 1000) + HOUR_S })
          .where((a, op) => `${op.notExists(a.tat)} OR ${op.lt(a.tat, until)}`)
          .go({ response: 'none' });
        this.seen.set(key, until);
      } catch (error) {
        if (!isConditionalFailure(error)) this.local(error).penalize(key, ms);
      }
    };
    // The next acquire of this key waits for the penalty to be written.
    const previous = this.queues.get(key) ?? Promise.resolve();
    const tail = previous.catch(() => undefined).then(run);
    this.queues.set(key, tail);
  }

  private local(error: unknown): KeyedTokenBucket {
    if (!this.fallback) {
      logger.warn('shared rate limiter unavailable; this process limits on its own', { scope: this.options.scope, error: errorMessage(error) });
      this.fallback = new KeyedTokenBucket(this.options);
    }
    return this.fallback;
  }

  private async acquireNow(key: string, units: number, maxWaitMs: number): Promise<void> {
    if (this.fallback) return this.fallback.acquire(key, units, maxWaitMs);
    if (this.allowance && this.allowance.available(key) >= units) return this.allowance.acquire(key, units);
    const block = this.blocks.get(key);
    if (block && block.left >= units && this.now() < block.until) {
      block.left -= units;
      return;
    }
    const reserve = Math.max(units, this.options.blockUnits ?? 0);
    let readyAt: number;
    try {
      readyAt = await this.reserve(key, reserve, maxWaitMs);
    } catch (error) {
      if (error instanceof WaitTooLong) throw error;
      return this.local(error).acquire(key, units, maxWaitMs);
    }
    if (reserve > units) this.blocks.set(key, { left: reserve - units, until: Math.max(this.now(), readyAt) + (this.options.blockTtlMs ?? 2_000) });
    else this.blocks.delete(key);
    const waitMs = readyAt - this.now();
    if (waitMs > 0) await this.sleep(Math.ceil(waitMs));
  }

  /** Takes `units` from the shared bucket; answers when they may be spent (epoch ms). */
  private async reserve(key: string, units: number, maxWaitMs: number): Promise<number> {
    const entity = rateBucketEntity;
    const id = { scope: this.options.scope, subject: subjectOf(key) };
    const cost = units * this.interval;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const now = this.now();
      // The newest tat that still lets this reservation through within maxWaitMs.
      const latest = Number.isFinite(maxWaitMs) ? now + maxWaitMs + this.tau - cost : Number.MAX_SAFE_INTEGER;
      const busy = (this.seen.get(key) ?? 0) > now;
      for (const mode of busy ? (['busy', 'idle'] as const) : (['idle', 'busy'] as const)) {
        try {
          this.requests += 1;
          if (mode === 'idle') {
            // Full bucket: the reservation starts now.
            if (cost - this.tau > maxWaitMs) throw new WaitTooLong(Math.ceil(cost - this.tau));
            const tat = now + cost;
            await entity
              .update(id)
              .set({ tat, expires_at_epoch: Math.ceil(tat / 1000) + HOUR_S })
              .where((a, op) => `${op.notExists(a.tat)} OR ${op.lte(a.tat, now)}`)
              .go({ response: 'none' });
            this.seen.set(key, tat);
            return tat - this.tau;
          }
          const result = await entity
            .update(id)
            .add({ tat: cost })
            .set({ expires_at_epoch: Math.ceil((now + cost) / 1000) + HOUR_S })
            .where((a, op) => `${op.gt(a.tat, now)} AND ${op.lte(a.tat, latest)}`)
            .go({ response: 'updated_new' });
          const tat = Number((result.data as { tat?: number }).tat);
          this.seen.set(key, tat);
          return tat - this.tau;
        } catch (error) {
          if (!isConditionalFailure(error)) throw error;
        }
      }
      // Neither condition held: the bucket changed under us, or the wait would be too long.
      this.requests += 1;
      const { data } = await entity.get(id).go({ consistent: true });
      const tat = data?.tat ?? 0;
      this.seen.set(key, tat);
      if (tat > latest) throw new WaitTooLong(Math.ceil(tat + cost - this.tau - now));
    }
    throw new Error(`rate bucket ${this.options.scope} kept changing under this process`);
  }
}
