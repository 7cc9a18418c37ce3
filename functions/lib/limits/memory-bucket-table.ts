import type { BucketId, BucketTable } from './bucket-table';

/**
 * The bucket table's conditions kept in memory, for a simulated clock (the bench) and unit tests:
 * the same outcomes DynamoDB gives dynamoBucketTable, one "request" counted per call, and an
 * optional delay per request so a simulated run pays for its table round trips.
 */
export type MemoryBucketTable = BucketTable & {
  /** conditional writes attempted (the ones whose condition failed too: DynamoDB bills them) */
  writes: number;
  reads: number;
  tatOf(id: BucketId): number;
};

export const memoryBucketTable = (options: { delay?: () => Promise<void> } = {}): MemoryBucketTable => {
  const items = new Map<string, number>();
  const keyOf = (id: BucketId) => `${id.scope}\u0000${id.subject}`;
  const delay = options.delay ?? (() => Promise.resolve());
  const write = async <T>(change: () => T): Promise<T> => {
    table.writes += 1;
    await delay();
    return change();
  };
  const table: MemoryBucketTable = {
    writes: 0,
    reads: 0,
    tatOf: (id) => items.get(keyOf(id)) ?? 0,
    startIdle: (id, tat, idleSince) =>
      write(() => {
        const current = items.get(keyOf(id));
        if (current !== undefined && current > idleSince) return false;
        items.set(keyOf(id), tat);
        return true;
      }),
    addBusy: (id, cost, after, latest) =>
      write(() => {
        const current = items.get(keyOf(id));
        if (current === undefined || current <= after || current > latest) return undefined;
        items.set(keyOf(id), current + cost);
        return current + cost;
      }),
    read: async (id) => {
      table.reads += 1;
      await delay();
      return items.get(keyOf(id)) ?? 0;
    },
    pushTo: (id, until) =>
      write(() => {
        const current = items.get(keyOf(id));
        if (current !== undefined && current >= until) return false;
        items.set(keyOf(id), until);
        return true;
      }),
    giveBack: (id, cost, now) =>
      write(() => {
        const current = items.get(keyOf(id));
        if (current === undefined || current < now + cost) return false;
        items.set(keyOf(id), current - cost);
        return true;
      }),
  };
  return table;
};
