import { Entity, type EntityItem } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

/**
 * The monitor's registry entry of one agency, `AGENCY#a / MONITOR`, indexed by its next due
 * check (byDueCheck: one partition `MONITOR`, sorted by time) so the tick reads only the
 * agencies that are due. It also holds the last check's numbers and the count of tracked
 * conversations (ADDed when a thread item is first created), so metrics need no Scan or count.
 */
export const monitorRegistryEntity = new Entity(
  {
    model: { entity: 'monitorRegistry', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      nextCheckAt: { type: 'string', required: true },
      lastCheckAt: { type: 'string' },
      threadsInLastCheck: { type: 'number', default: 0 },
      messagesInLastCheck: { type: 'number', default: 0 },
      trackedConversations: { type: 'number', default: 0 },
      /** bumped (ADD 1) on every contact add, remove, tracking toggle and import row: the monitor's contact index is re-read only when it moves */
      contactsVersion: { type: 'number' },
      /** maintained contact counts (ADDed with contactsVersion); trusted only when contactCounters is set (the item was created with them) */
      contactCounters: { type: 'boolean' },
      contactsTotal: { type: 'number' },
      contactsTracking: { type: 'number' },
      /** the agency's monitoring_config as last saved (settings/service.ts): an idle check needs no settings read */
      checkIntervalMinutes: { type: 'number' },
      hoursToCheck: { type: 'number' },
      maxDurationMinutes: { type: 'number' },
      /** the job holding the agency's lock, as a hint (the lock item decides): an idle check reads no lock */
      activeJobId: { type: 'string' },
      /** ADDed after a tracker is marked behind; a check that found no tracker behind records the version it saw */
      sheetsWantVersion: { type: 'number' },
      sheetsCheckedVersion: { type: 'number' },
      /** longlist imports started and not ended: the tick looks for stalled ones only while some are */
      importsRunning: { type: 'number' },
      /** the last check in which every healthy connected mailbox was read (their items are written only when their health or historyId moves) */
      mailboxesCheckedAt: { type: 'string' },
      registeredAt: { type: 'string', required: true },
      updatedAt: { type: 'string' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: [], template: 'MONITOR', casing: 'none' },
      },
      byDueCheck: {
        index: 'byDueCheck',
        pk: { field: 'gsi3pk', composite: [], template: 'MONITOR', casing: 'none' },
        sk: { field: 'gsi3sk', composite: ['nextCheckAt', 'agencyName'], template: '${nextCheckAt}#${agencyName}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

export type MonitorRegistryItem = EntityItem<typeof monitorRegistryEntity>;
