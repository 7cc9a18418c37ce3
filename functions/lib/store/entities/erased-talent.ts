import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

/**
 * A talent the agency erased, `AGENCY#a / ERASED#<hash>`: only a hash of the address (never the
 * address), so processing can tell the talent's mail and skip it, while the table holds no trace
 * of who it was. Adding the talent again as a contact removes the marker.
 */
export const erasedTalentEntity = new Entity(
  {
    model: { entity: 'erasedTalent', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      addressHash: { type: 'string', required: true },
      erasedAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['addressHash'], template: 'ERASED#${addressHash}', casing: 'none' },
      },
    },
  },
  storeConfig,
);
