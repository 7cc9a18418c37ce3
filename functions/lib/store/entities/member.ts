import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION, USER_TEMPLATE } from '../keys';

/**
 * A person's place in an agency: an active member or a pending invitation. The byUser index
 * lists one e-mail's agencies and invitations.
 */
export const memberEntity = new Entity(
  {
    model: { entity: 'member', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      email: { type: 'string', required: true },
      role: { type: ['owner', 'member'] as const, required: true },
      status: { type: ['active', 'invited'] as const, required: true },
      invitedBy: { type: 'string' },
      invitedAt: { type: 'string' },
      acceptedAt: { type: 'string' },
      expiresAt: { type: 'string' },
      inviteTokenHash: { type: 'string' },
      /** writer access to the agency's Drive root: 'pending' when granting it failed at acceptance */
      driveAccess: { type: ['granted', 'pending'] as const },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['email'], template: 'MEMBER#${email}', casing: 'none' },
      },
      byUser: {
        index: 'byUser',
        pk: { field: 'gsi1pk', composite: ['email'], template: USER_TEMPLATE, casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['agencyName'], template: 'MEMBER#${agencyName}', casing: 'none' },
      },
    },
  },
  storeConfig,
);
