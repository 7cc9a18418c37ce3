import { isConditionalFailure } from '../identity/store-errors';
import { monitorRegistryEntity, type MonitorRegistryItem } from '../store/entities/monitor-registry';
import { nowIso } from '../store/keys';

/**
 * Registration in the monitor's registry. Chosen: idempotently (a create that does nothing when
 * the item exists) when the agency gets tracked contacts (contact add, longlist import) and
 * whenever a job starts or ends. A new agency is due at once; contacts added later are picked
 * up by the next check (the tick reads the tracked contacts each time). Agencies that existed
 * before this registry get registered by their next contact or job.
 */
export const ensureRegistered = async (agencyName: string, now = new Date()): Promise<void> => {
  try {
    await monitorRegistryEntity()
      .create({
        agencyName,
        nextCheckAt: now.toISOString(),
        registeredAt: now.toISOString(),
        trackedConversations: 0,
        threadsInLastCheck: 0,
        messagesInLastCheck: 0,
        contactCounters: true,
        contactsTotal: 0,
        contactsTracking: 0,
      })
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};

export const readRegistry = async (agencyName: string): Promise<MonitorRegistryItem | undefined> =>
  (await monitorRegistryEntity().get({ agencyName }).go()).data ?? undefined;

/**
 * The agency's contacts changed (add, remove, tracking toggle, import row): the monitor's cached
 * contact index (keyed by agency + version) is stale, and the dashboard's contact counters move
 * by the change. One UpdateItem ADD.
 */
export const bumpContactsVersion = async (agencyName: string, delta: { total?: number; tracking?: number } = {}): Promise<void> => {
  const bump = () =>
    monitorRegistryEntity()
      .patch({ agencyName })
      .add({ contactsVersion: 1, contactsTotal: delta.total ?? 0, contactsTracking: delta.tracking ?? 0 })
      .set({ updatedAt: nowIso() })
      .go({ response: 'none' });
  try {
    await bump();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    await ensureRegistered(agencyName);
    await bump();
  }
};

/** A thread item was created: one more tracked conversation (best effort; it is a dashboard count). */
export const addTrackedConversation = async (agencyName: string): Promise<void> => {
  await ensureRegistered(agencyName);
  await monitorRegistryEntity().patch({ agencyName }).add({ trackedConversations: 1 }).go({ response: 'none' });
};

export const recordCheck = async (
  agencyName: string,
  check: { at: Date; nextCheckAt: Date; threads: number; messages: number },
): Promise<void> => {
  await monitorRegistryEntity()
    .patch({ agencyName })
    .set({
      lastCheckAt: check.at.toISOString(),
      nextCheckAt: check.nextCheckAt.toISOString(),
      threadsInLastCheck: check.threads,
      messagesInLastCheck: check.messages,
      updatedAt: nowIso(),
    })
    .go({ response: 'none' });
};

/** The scheduler's tick (EventBridge Scheduler rate(2 minutes), infra/stacks/monitor-stack.ts). */
export const MONITOR_TICK_MS = 2 * 60_000;

/**
 * An agency is due when its next check falls before the middle of the next tick: with 2-minute
 * ticks a check due at 5:00 runs at 4:00 rather than 6:00.
 */
export const isDue = (nextCheckAt: number, now: number): boolean => nextCheckAt <= now + MONITOR_TICK_MS / 2;

/**
 * The next check counts from when this one was due, not from when the tick ran it, so early and
 * late ticks cancel out and the mean interval is the configured one (5 minutes with 2-minute
 * ticks: 4, 6, 4, 6 ...). An agency that was not checked for longer than an interval (busy,
 * new) starts again from now.
 */
export const scheduleNext = (dueAt: number | undefined, now: number, intervalMs: number): number => {
  const base = dueAt !== undefined && now - dueAt < intervalMs ? dueAt : now;
  return base + intervalMs;
};

/** Agencies whose next check is due, oldest first (a Query on byDueCheck, never a Scan). */
export const dueAgencies = async (now: Date, limit: number): Promise<MonitorRegistryItem[]> => {
  const { data } = await monitorRegistryEntity()
    .query.byDueCheck({})
    .lte({ nextCheckAt: new Date(now.getTime() + MONITOR_TICK_MS / 2).toISOString() })
    .go({ limit, pages: 'all' });
  return data.slice(0, limit);
};
