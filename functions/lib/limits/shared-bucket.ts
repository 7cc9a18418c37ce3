import { createHash } from 'node:crypto';
import { errorMessage, logger } from '../logger';
import { dynamoBucketTable, type BucketId, type BucketTable } from './bucket-table';
import { KeyedTokenBucket, WaitTooLong, type TokenBucketOptions } from './token-bucket';

/**
 * The one limiter store every quota of the product uses: a token bucket per key kept in
 * DynamoDB (see entities/rate-bucket.ts, bucket-table.ts), so concurrent Lambdas spending the
 * same quota share one budget instead of each spending all of it.
 *
 * The bucket is a GCRA: `tat` advances by `units / refillPerMs` per reservation, and a caller
 * whose reservation ends more than `capacity / refillPerMs` ahead of now waits for the
 * difference. In any window of T ms at most `capacity + refillPerMs * T` units pass, exactly as
 * the in-process KeyedTokenBucket. One conditional UpdateItem per reservation (a read and a
 * second one when the bucket was not as this process last saw it).
 *
 * Blocks: a reservation may take more than the call needs (`blockUnits`, or up to
 * `blockMultiple` times the call's units), which this process then spends locally, so most
 * calls cost no DynamoDB request. A block is never larger than the bucket's capacity (a larger
 * one would pass more than the burst at once). It lasts `blockTtlMs` from when the bucket let
 * it through; then its rest is lost, or with `returnUnused` given back in one write. A block
 * too short for the next call is handed back in the write that takes the next one. Units go
 * back only while `tat` stays at or after now, so the bucket never holds more than a full
 * bucket (units taken and returned unspent are as if never taken, clipped at full), else they
 * are dropped. With `staleMs`, a bucket idle for less than that is added to rather than
 * restarted (one write instead of a read and two), which credits up to that much refill.
 * So a unit is spent at most `blockTtlMs` after it was let through, and in any window of T ms
 * at most `capacity + refillPerMs * (T + blockTtlMs + staleMs)` units are spent: the caller
 * sizes the bucket so that this is its budget (openai-limits.ts).
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
  /** units reserved from the table at once when a call needs fewer; default: exactly what is asked */
  blockUnits?: number;
  /**
   * Blocks of up to this many times the call's own units (calls of one kind are alike in size),
   * sized to the calls of this process waiting on the key or, when more, to what it spent of
   * the key over the last `blockTtlMs`, so a block is mostly spent before it expires.
   */
  blockMultiple?: number;
  blockTtlMs?: number;
  /** an expired block's unspent units go back to the shared bucket (one write) instead of being lost */
  returnUnused?: boolean;
  /**
   * Units per `allowanceWindowMs` each process may spend without asking DynamoDB (an idle
   * check's single small call then costs no table request). The caller keeps twice this times
   * the processes it expects out of the shared budget.
   */
  localAllowance?: number;
  allowanceWindowMs?: number;
  /** where the buckets live; default the DynamoDB table */
  table?: BucketTable;
  /**
   * A bucket idle for less than this is still added to rather than restarted, so a reservation
   * rarely needs a second write to learn that the bucket went idle a moment ago. It credits up
   * to this much refill beyond a full bucket, which the caller's budget allows for.
   */
  staleMs?: number;
};

type Block = { left: number; until: number };
/** Units this process spent of a key lately, decaying over a block's lifetime. */
type Recent = { units: number; at: number };

const subjectOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

const MAX_ATTEMPTS = 6;
const DEFAULT_BLOCK_TTL_MS = 2_000;

export class SharedBucket implements RateStore {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly table: BucketTable;
  private readonly interval: number;
  private readonly tau: number;
  private readonly blocks = new Map<string, Block>();
  private readonly recent = new Map<string, Recent>();
  /** calls of this process queued on a key (this one included): a block serves them all */
  private readonly waiting = new Map<string, number>();
  /** the last `tat` this process saw per key: which of the two updates to try first */
  private readonly seen = new Map<string, number>();
  /** whether the last reservation found the bucket busy (others ahead of us): the mode to try first */
  private readonly busyLast = new Map<string, boolean>();
  /** per key, calls of this process queue behind each other (fair, and one block at a time) */
  private readonly queues = new Map<string, Promise<void>>();
  private fallback: KeyedTokenBucket | undefined;
  private readonly allowance: KeyedTokenBucket | undefined;
  /** table requests made (reads and writes, conditions that failed included), for the benches */
  requests = 0;

  constructor(private readonly options: SharedBucketOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.table = options.table ?? dynamoBucketTable;
    this.interval = 1 / options.refillPerMs;
    this.tau = options.capacity * this.interval;
    const allowance = options.localAllowance ?? 0;
    this.allowance = allowance > 0 ? new KeyedTokenBucket({ capacity: allowance, refillPerMs: allowance / (options.allowanceWindowMs ?? 60_000), now: this.now, sleep: this.sleep }) : undefined;
  }

  acquire(key: string, units: number, maxWaitMs = Infinity): Promise<void> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
    const next = previous
      .catch(() => undefined)
      .then(() => this.acquireNow(key, units, maxWaitMs))
      .finally(() => {
        const left = (this.waiting.get(key) ?? 1) - 1;
        if (left > 0) this.waiting.set(key, left);
        else this.waiting.delete(key);
      });
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
        if (await this.table.pushTo(this.idOf(key), until)) this.seen.set(key, until);
      } catch (error) {
        this.local(error).penalize(key, ms);
      }
    };
    // The next acquire of this key waits for the penalty to be written.
    const previous = this.queues.get(key) ?? Promise.resolve();
    const tail = previous.catch(() => undefined).then(run);
    this.queues.set(key, tail);
  }

  private idOf(key: string): BucketId {
    return { scope: this.options.scope, subject: subjectOf(key) };
  }

  private local(error: unknown): KeyedTokenBucket {
    if (!this.fallback) {
      logger.warn('shared rate limiter unavailable; this process limits on its own', { scope: this.options.scope, error: errorMessage(error) });
      this.fallback = new KeyedTokenBucket(this.options);
    }
    return this.fallback;
  }

  /** A timer that never keeps a process alive; on the injected clock when there is one. */
  private later(ms: number, run: () => void): void {
    if (this.options.sleep) void this.options.sleep(ms).then(run);
    else setTimeout(run, ms).unref();
  }

  /** The key's block while it lasts; an expired one is dropped (its rest returned or lost). */
  private liveBlock(key: string): Block | undefined {
    const block = this.blocks.get(key);
    if (!block) return undefined;
    if (this.now() < block.until) return block;
    this.expire(key, block);
    return undefined;
  }

  private expire(key: string, block: Block): void {
    if (this.blocks.get(key) !== block) return;
    this.blocks.delete(key);
    if (!this.options.returnUnused || block.left <= 0 || this.fallback) return;
    const cost = block.left * this.interval;
    block.left = 0;
    this.requests += 1;
    // Best effort: a return that fails (or finds the bucket nearly full) only loses the units.
    void this.table.giveBack(this.idOf(key), cost, this.now()).catch(() => undefined);
  }

  private ttlMs(): number {
    return this.options.blockTtlMs ?? DEFAULT_BLOCK_TTL_MS;
  }

  /** Counts `units` spent now into the key's decaying recent spend. */
  private spend(key: string, units: number): void {
    const now = this.now();
    const last = this.recent.get(key);
    const before = last ? last.units * Math.exp(-(now - last.at) / this.ttlMs()) : 0;
    this.recent.set(key, { units: before + units, at: now });
  }

  /** What to reserve for a call of `units`: a block when configured, never past the bucket's capacity. */
  private blockFor(key: string, units: number): number {
    const multiple = this.options.blockMultiple;
    const recent = this.recent.get(key);
    const lately = recent ? recent.units * Math.exp(-(this.now() - recent.at) / this.ttlMs()) : 0;
    const sized = multiple ? Math.min(units * multiple, Math.max(units * (this.waiting.get(key) ?? 1), lately)) : units;
    const wanted = Math.max(units, this.options.blockUnits ?? 0, sized);
    return Math.max(units, Math.min(wanted, Math.floor(this.options.capacity)));
  }

  private async acquireNow(key: string, units: number, maxWaitMs: number): Promise<void> {
    if (this.fallback) return this.fallback.acquire(key, units, maxWaitMs);
    if (this.allowance && this.allowance.available(key) >= units) return this.allowance.acquire(key, units);
    if (this.options.blockMultiple) this.spend(key, units);
    const block = this.liveBlock(key);
    const left = block?.left ?? 0;
    if (block && left >= units) {
      block.left -= units;
      return;
    }
    // A block too short for this call is handed back in the same write that takes the next one
    // (out of the map meanwhile, so its expiry cannot return it a second time).
    this.blocks.delete(key);
    const target = this.blockFor(key, units);
    let taken: { readyAt: number; units: number };
    try {
      taken = await this.reserveWithin(key, target, units, left, maxWaitMs);
    } catch (error) {
      // Nothing was written: the short block stays this process's while it lasts.
      if (block && !this.blocks.has(key)) this.blocks.set(key, block);
      if (error instanceof WaitTooLong) throw error;
      return this.local(error).acquire(key, units, maxWaitMs);
    }
    const { readyAt } = taken;
    const rest = taken.units - units;
    if (rest > 0) {
      const next: Block = { left: rest, until: Math.max(this.now(), readyAt) + this.ttlMs() };
      this.blocks.set(key, next);
      if (this.options.returnUnused) this.later(next.until - this.now(), () => this.liveBlock(key));
    }
    const waitMs = readyAt - this.now();
    if (waitMs > 0) await this.sleep(Math.ceil(waitMs));
  }

  /** A block, or when that would wait past `maxWaitMs`, only what the call needs: what was taken and when it may be spent. */
  private async reserveWithin(key: string, block: number, need: number, handBack: number, maxWaitMs: number): Promise<{ readyAt: number; units: number }> {
    try {
      return { readyAt: await this.reserve(key, block, maxWaitMs, handBack), units: block };
    } catch (error) {
      if (!(error instanceof WaitTooLong) || block <= need) throw error;
      return { readyAt: await this.reserve(key, need, maxWaitMs, handBack), units: need };
    }
  }

  /**
   * Takes `units` from the shared bucket, handing back `handBack` unspent units of this process's
   * last block in the same write while the bucket is busy enough to take them (else they are
   * dropped); answers when the units may be spent (epoch ms). The first write follows what this
   * process last saw of the bucket; one that finds it otherwise reads it and writes again.
   */
  private async reserve(key: string, units: number, maxWaitMs: number, handBack = 0): Promise<number> {
    const id = this.idOf(key);
    const cost = units * this.interval;
    const back = handBack * this.interval;
    let known: number | undefined;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const now = this.now();
      const after = now - (this.options.staleMs ?? 0);
      // Unknown: as this process last saw it (its own tat, or busy when its last write found others ahead).
      const seen = this.seen.get(key) ?? 0;
      const tat = known ?? (seen > after ? seen : this.busyLast.get(key) === true ? after + 1 : after);
      this.requests += 1;
      // (0: no item yet, a full bucket)
      if (tat <= after || tat === 0) {
        // Full bucket: the reservation starts now (a block handed back is dropped: nobody needed it).
        if (cost - this.tau > maxWaitMs) throw new WaitTooLong(Math.ceil(cost - this.tau));
        const next = now + cost;
        if (await this.table.startIdle(id, next, after)) return this.reserved(key, next, false);
      } else {
        // What is handed back goes back only while tat stays at or after now (never past full).
        const giving = tat >= now + back ? back : 0;
        // The newest tat that still lets this reservation through within maxWaitMs.
        const latest = Number.isFinite(maxWaitMs) ? now + maxWaitMs + this.tau - cost + giving : Number.MAX_SAFE_INTEGER;
        if (known !== undefined && known > latest) throw new WaitTooLong(Math.ceil(known + cost - giving - this.tau - now));
        const next = await this.table.addBusy(id, cost - giving, giving > 0 ? now + giving : after, latest);
        if (next !== undefined) return this.reserved(key, next, true);
      }
      // The bucket was not as this process thought (or would make it wait too long): read it.
      this.requests += 1;
      known = await this.table.read(id);
      this.seen.set(key, known);
    }
    throw new Error(`rate bucket ${this.options.scope} kept changing under this process`);
  }

  private reserved(key: string, tat: number, busy: boolean): number {
    this.seen.set(key, tat);
    this.busyLast.set(key, busy);
    return tat - this.tau;
  }
}
