import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

/**
 * The agency's change counters, `AGENCY#a / PULSE`: one number per kind of data the open screens
 * show, raised (atomic ADD) by every write of that kind. The status poll carries them, so an open
 * board refetches what changed without polling whole lists; a counter, not a time, so two writes
 * in the same millisecond are still two changes.
 */
export const agencyPulseEntity = new Entity(
  {
    model: { entity: 'agencyPulse', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      conversations: { type: 'number', default: 0 },
      contacts: { type: 'number', default: 0 },
      campaigns: { type: 'number', default: 0 },
      changedAt: { type: 'string' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: [], template: 'PULSE', casing: 'none' },
      },
    },
  },
  storeConfig,
);
