import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { TTL_ATTRIBUTE } from '../table-definition';
import { SESSION_TEMPLATE } from '../keys';

/** A signed-in session, keyed by the SHA-256 of its token (the token itself is never stored). */
export const sessionEntity = new Entity(
  {
    model: { entity: 'session', version: '1', service: 'threadline' },
    attributes: {
      tokenHash: { type: 'string', required: true },
      email: { type: 'string', required: true },
      agencyName: { type: 'string' },
      createdAt: { type: 'string', required: true },
      lastSeenAt: { type: 'string', required: true },
      /** absolute expiry, ISO */
      expiresAt: { type: 'string', required: true },
      [TTL_ATTRIBUTE]: { type: 'number' },
    },
    indexes: {
      byToken: {
        pk: { field: 'pk', composite: ['tokenHash'], template: SESSION_TEMPLATE, casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'SESSION', casing: 'none' },
      },
    },
  },
  storeConfig,
);
