import { isConditionalFailure } from '../store/conditional-write';
import { monitorRegistryEntity, type MonitorRegistryItem } from '../store/entities/monitor-registry';
import { nowIso } from '../store/keys';
import { raisePulse } from '../store/pulse';

/**
 * Registration in the monitor's registry. Chosen: idempotently (a create that does nothing when
 * the item exists) when the agency gets tracked contacts (contact add, longlist import) and
 * whenever a job starts or ends. A new agency is due at once; contacts added later are picked
 * up by the next check (the tick reads the tracked contacts each time). Agencies that existed
 * before this registry get registered by their next contact or job.
 */
export const ensureRegistered = async (agencyName: string, now = new Date()): Promise<void> => {
  try {
    await monitorRegistryEntity
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
  (await monitorRegistryEntity.get({ agencyName }).go()).data ?? undefined;

/**
 * The agency's contacts changed (add, remove, tracking toggle, import row): the monitor's cached
 * contact index (keyed by agency + version) is stale, and the dashboard's contact counters move
 * by the change. One UpdateItem ADD.
 */
export const bumpContactsVersion = async (agencyName: string, delta: { total?: number; tracking?: number } = {}): Promise<void> => {
  const bump = () =>
    monitorRegistryEntity
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
  // Every contact write comes through here: open contact lists and boards refetch.
  await raisePulse(agencyName, 'contacts');
};

/** A thread item was created: one more tracked conversation (best effort; it is a dashboard count). */
export const addTrackedConversation = async (agencyName: string): Promise<void> => {
  await ensureRegistered(agencyName);
  await monitorRegistryEntity.patch({ agencyName }).add({ trackedConversations: 1 }).go({ response: 'none' });
};

export type MonitoringConfig = { check_interval_minutes: number; hours_to_check: number; max_duration_minutes: number };

/** The monitoring settings the registry keeps, when it has them all (a registry from before them has not). */
export const monitoringOf = (item: MonitorRegistryItem | undefined): MonitoringConfig | undefined =>
  item?.checkIntervalMinutes !== undefined && item.hoursToCheck !== undefined && item.maxDurationMinutes !== undefined
    ? { check_interval_minutes: item.checkIntervalMinutes, hours_to_check: item.hoursToCheck, max_duration_minutes: item.maxDurationMinutes }
    : undefined;

const configAttributes = (config: MonitoringConfig) => ({
  checkIntervalMinutes: config.check_interval_minutes,
  hoursToCheck: config.hours_to_check,
  maxDurationMinutes: config.max_duration_minutes,
});

/** Patches an existing registry item; an agency without one is registered by its next contact or job. */
const patchIfRegistered = async (agencyName: string, change: (patch: ReturnType<typeof monitorRegistryEntity['patch']>) => { go: (o: { response: 'none' }) => Promise<{ data: null }> }) => {
  try {
    await change(monitorRegistryEntity.patch({ agencyName })).go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};

/** Settings were saved: the monitor reads its interval and limits from the registry, never the settings item. */
export const recordMonitoringConfig = async (agencyName: string, config: MonitoringConfig): Promise<void> =>
  patchIfRegistered(agencyName, (patch) => patch.set({ ...configAttributes(config), updatedAt: nowIso() }));

/** A job took the agency's lock: a hint for the monitor (the lock item decides). */
export const noteActiveJob = async (agencyName: string, jobId: string): Promise<void> => {
  await ensureRegistered(agencyName);
  await patchIfRegistered(agencyName, (patch) => patch.set({ activeJobId: jobId }));
};

/** The job ended: its hint goes (only if it is still this job's). */
export const clearActiveJob = async (agencyName: string, jobId: string): Promise<void> => {
  try {
    await monitorRegistryEntity
      .patch({ agencyName })
      .remove(['activeJobId'])
      .where((attr, op) => op.eq(attr.activeJobId, jobId))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};

/** A tracker was marked behind (after its sync state moved): the next check looks at the sheets. */
export const bumpSheetsWanted = async (agencyName: string): Promise<void> => patchIfRegistered(agencyName, (patch) => patch.add({ sheetsWantVersion: 1 }));

/** Whether a check must look at the sheet sync states: a tracker was marked behind since a check last found none. */
export const sheetsMaybeBehind = (item: MonitorRegistryItem | undefined): boolean => (item?.sheetsWantVersion ?? 0) !== (item?.sheetsCheckedVersion ?? -1);

/** A look at the sync states found no tracker behind at this want version: later checks skip the look until it moves. */
export const markSheetsChecked = async (agencyName: string, version: number): Promise<void> => {
  try {
    await monitorRegistryEntity
      .patch({ agencyName })
      .set({ sheetsCheckedVersion: version })
      .where((attr, op) => (version === 0 ? `${op.notExists(attr.sheetsWantVersion)} OR ${op.eq(attr.sheetsWantVersion, 0)}` : op.eq(attr.sheetsWantVersion, version)))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};

/** A longlist import started (+1) or ended (-1): the tick looks for stalled imports only while one runs somewhere. */
export const countRunningImport = async (agencyName: string, delta: 1 | -1): Promise<void> => {
  await ensureRegistered(agencyName);
  await patchIfRegistered(agencyName, (patch) => patch.add({ importsRunning: delta }));
};

/**
 * The check's one write: when it ran, when the next is due, what it found. Also: the monitoring
 * settings when this check had to read them (a registry from before they were kept), when every
 * healthy mailbox was read, and a lock hint that turned out stale removed.
 */
export const recordCheck = async (
  agencyName: string,
  check: { at: Date; nextCheckAt: Date; threads: number; messages: number; config?: MonitoringConfig; mailboxesChecked?: boolean; staleJobHint?: boolean },
): Promise<void> => {
  await monitorRegistryEntity
    .patch({ agencyName })
    .set({
      lastCheckAt: check.at.toISOString(),
      nextCheckAt: check.nextCheckAt.toISOString(),
      threadsInLastCheck: check.threads,
      messagesInLastCheck: check.messages,
      updatedAt: nowIso(),
      ...(check.config ? configAttributes(check.config) : {}),
      ...(check.mailboxesChecked ? { mailboxesCheckedAt: check.at.toISOString() } : {}),
    })
    .remove(check.staleJobHint ? ['activeJobId'] : [])
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
  const { data } = await monitorRegistryEntity
    .query.byDueCheck({})
    .lte({ nextCheckAt: new Date(now.getTime() + MONITOR_TICK_MS / 2).toISOString() })
    .go({ limit, pages: 'all' });
  return data.slice(0, limit);
};
