import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { TTL_ATTRIBUTE } from '../table-definition';

/**
 * An invitation token's lookup item, `INVITE#sha256(token) / INVITE`. The token itself is never
 * stored; the member item (status invited) carries the same hash, and acceptance is one
 * conditional update on it. The item is deleted on acceptance (single use) and expires.
 */
export const inviteEntity = new Entity(
  {
    model: { entity: 'invite', version: '1', service: 'threadline' },
    attributes: {
      tokenHash: { type: 'string', required: true },
      agencyName: { type: 'string', required: true },
      email: { type: 'string', required: true },
      role: { type: ['owner', 'member'] as const, required: true },
      invitedBy: { type: 'string', required: true },
      createdAt: { type: 'string', required: true },
      expiresAt: { type: 'string', required: true },
      [TTL_ATTRIBUTE]: { type: 'number' },
    },
    indexes: {
      byToken: {
        pk: { field: 'pk', composite: ['tokenHash'], template: 'INVITE#${tokenHash}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'INVITE', casing: 'none' },
      },
    },
  },
  storeConfig,
);
