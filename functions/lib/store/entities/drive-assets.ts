import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

/**
 * An agency's Drive root, `AGENCY#a / DRIVE`: the "Threadline" folder and the campaigns tracker
 * spreadsheet, created in `ownerEmail`'s Drive with that person's Google grant. `status` is
 * 'incomplete' when creation failed part-way (`error` says why); the drive health/recovery
 * routes complete it.
 */
export const driveAssetsEntity = new Entity(
  {
    model: { entity: 'driveAssets', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      /** the account whose Drive holds the assets (its grant acts on them) */
      ownerEmail: { type: 'string', required: true },
      rootFolderId: { type: 'string' },
      campaignsTrackerId: { type: 'string' },
      status: { type: ['ready', 'incomplete'] as const, required: true },
      error: { type: 'string' },
      createdAt: { type: 'string', required: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: [], template: 'DRIVE', casing: 'none' },
      },
    },
  },
  storeConfig,
);
