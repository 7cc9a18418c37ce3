import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_NAME_TEMPLATE } from '../keys';

/**
 * An agency, `AGENCY#name / META`. `name` is the slug (the tenant id), `displayName` the text the
 * creator typed. `ownerCount` guards the "at least one owner" rule with one conditional update
 * (no transactions in dynalite): removing an owner first decrements it only while it is above 1.
 */
export const agencyEntity = new Entity(
  {
    model: { entity: 'agency', version: '1', service: 'threadline' },
    attributes: {
      name: { type: 'string', required: true },
      displayName: { type: 'string', required: true },
      createdBy: { type: 'string', required: true },
      createdAt: { type: 'string', required: true },
      ownerCount: { type: 'number', required: true },
    },
    indexes: {
      byName: {
        pk: { field: 'pk', composite: ['name'], template: AGENCY_NAME_TEMPLATE, casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'META', casing: 'none' },
      },
    },
  },
  storeConfig,
);
