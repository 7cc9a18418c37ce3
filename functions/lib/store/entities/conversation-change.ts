import { Entity } from 'electrodb';
import { CONVERSATION_STATUSES } from '../../../../shared/schemas/conversations';
import { storeConfig } from '../client';
import { AGENCY_PARTITION, USER_TEMPLATE } from '../keys';

/**
 * A reply or a status change, `AGENCY#a / CHANGE#<at>#<conversation id>`, for "What changed";
 * kept 30 days (TTL). The sort key orders them by time, so "since" is one range query.
 */
export const conversationChangeEntity = new Entity(
  {
    model: { entity: 'conversationChange', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      at: { type: 'string', required: true },
      conversationId: { type: 'string', required: true },
      campaignId: { type: 'string', required: true },
      contactEmail: { type: 'string', required: true },
      kind: { type: ['reply', 'status'] as const, required: true },
      status: { type: CONVERSATION_STATUSES, required: true },
      previousStatus: { type: CONVERSATION_STATUSES },
      summary: { type: 'string', default: '' },
      expires_at_epoch: { type: 'number' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['at', 'conversationId'], template: 'CHANGE#${at}#${conversationId}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

/** Each user's visits, `USER#email / VISIT#agency`: "What changed" starts at the previous one. */
export const visitEntity = new Entity(
  {
    model: { entity: 'visit', version: '1', service: 'threadline' },
    attributes: {
      email: { type: 'string', required: true },
      agencyName: { type: 'string', required: true },
      lastVisitAt: { type: 'string', required: true },
      previousVisitAt: { type: 'string' },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['email'], template: USER_TEMPLATE, casing: 'none' },
        sk: { field: 'sk', composite: ['agencyName'], template: 'VISIT#${agencyName}', casing: 'none' },
      },
    },
  },
  storeConfig,
);
