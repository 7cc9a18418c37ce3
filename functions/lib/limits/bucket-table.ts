import { isConditionalFailure } from '../store/conditional-write';
import { rateBucketEntity } from '../store/entities/rate-bucket';

/**
 * Where a SharedBucket keeps its GCRA state (`tat`, epoch ms): the few conditional updates it
 * needs, each one DynamoDB request. The table is DynamoDB in every Lambda; the bench (and unit
 * tests) use the same conditions in memory (memory-bucket-table.ts) on a simulated clock.
 * A condition that does not hold answers false/undefined; any other failure throws.
 */
export type BucketId = { scope: string; subject: string };

export type BucketTable = {
  /** The bucket is full (no item, or its tat ≤ `idleSince`): it now runs to `tat`. */
  startIdle(id: BucketId, tat: number, idleSince: number): Promise<boolean>;
  /** The bucket is busy (after < tat ≤ latest): tat moves on by `cost`; the new tat. */
  addBusy(id: BucketId, cost: number, after: number, latest: number): Promise<number | undefined>;
  /** The current tat (0: no item). A consistent read. */
  read(id: BucketId): Promise<number>;
  /** tat becomes `until` unless it is already later (a 429's penalty). */
  pushTo(id: BucketId, until: number): Promise<boolean>;
  /** Unspent units given back: tat moves back by `cost` only when it stays ≥ now (never past full). */
  giveBack(id: BucketId, cost: number, now: number): Promise<boolean>;
};

const HOUR_S = 3600;
const expiresFor = (tat: number) => Math.ceil(tat / 1000) + HOUR_S;

const unlessConditionFailed = async <T>(write: () => Promise<T>, otherwise: T): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isConditionalFailure(error)) return otherwise;
    throw error;
  }
};

/** The shared table (entities/rate-bucket.ts): every Lambda spending a quota moves the same item. */
export const dynamoBucketTable: BucketTable = {
  startIdle: (id, tat, idleSince) =>
    unlessConditionFailed(async () => {
      await rateBucketEntity
        .update(id)
        .set({ tat, expires_at_epoch: expiresFor(tat) })
        .where((a, op) => `${op.notExists(a.tat)} OR ${op.lte(a.tat, idleSince)}`)
        .go({ response: 'none' });
      return true;
    }, false),
  addBusy: (id, cost, after, latest) =>
    unlessConditionFailed(async () => {
      const result = await rateBucketEntity
        .update(id)
        .add({ tat: cost })
        .set({ expires_at_epoch: expiresFor(after + cost) })
        .where((a, op) => `${op.gt(a.tat, after)} AND ${op.lte(a.tat, latest)}`)
        .go({ response: 'updated_new' });
      return Number((result.data as { tat?: number }).tat);
    }, undefined),
  read: async (id) => {
    const { data } = await rateBucketEntity.get(id).go({ consistent: true });
    return data?.tat ?? 0;
  },
  pushTo: (id, until) =>
    unlessConditionFailed(async () => {
      await rateBucketEntity
        .update(id)
        .set({ tat: until, expires_at_epoch: expiresFor(until) })
        .where((a, op) => `${op.notExists(a.tat)} OR ${op.lt(a.tat, until)}`)
        .go({ response: 'none' });
      return true;
    }, false),
  giveBack: (id, cost, now) =>
    unlessConditionFailed(async () => {
      await rateBucketEntity
        .update(id)
        .add({ tat: -cost })
        .where((a, op) => op.gte(a.tat, now + cost))
        .go({ response: 'none' });
      return true;
    }, false),
};
