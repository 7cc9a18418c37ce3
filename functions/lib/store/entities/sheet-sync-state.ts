import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

/**
 * How far one campaign's outreach tracker is behind, `AGENCY#a / SHEETSYNC#<campaignId>`: every
 * conversation change adds 1 to `wanted`; a sync that wrote the sheet as of `wanted` = n sets
 * `written` to n. Any later run syncs every campaign with written < wanted, so a sheet that
 * missed a write (a crash, a correction made in the app) catches up.
 */
export const sheetSyncStateEntity = new Entity(
  {
    model: { entity: 'sheetSyncState', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      campaignId: { type: 'string', required: true },
      wanted: { type: 'number', default: 0 },
      written: { type: 'number', default: 0 },
      writtenAt: { type: 'string' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['campaignId'], template: 'SHEETSYNC#${campaignId}', casing: 'none' },
      },
    },
  },
  storeConfig,
);
