import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { USER_TEMPLATE } from '../keys';

/** A signed-in person's profile (from the identity provider's id_token), `USER#email / PROFILE`. */
export const userEntity = new Entity(
  {
    model: { entity: 'user', version: '1', service: 'threadline' },
    attributes: {
      email: { type: 'string', required: true },
      name: { type: 'string' },
      picture: { type: 'string' },
      /** the agency the person last worked in: selected again at the next sign-in */
      lastAgencyName: { type: 'string' },
      createdAt: { type: 'string', required: true },
      updatedAt: { type: 'string', required: true },
      lastSignInAt: { type: 'string' },
    },
    indexes: {
      byEmail: {
        pk: { field: 'pk', composite: ['email'], template: USER_TEMPLATE, casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
      },
    },
  },
  storeConfig,
);
