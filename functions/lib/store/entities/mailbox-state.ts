import { Entity } from 'electrodb';
import { dynamoClient, tableName } from '../client';

/** The monitor's place in one mailbox, `AGENCY#a / MAILBOX#email`: the Gmail historyId it has seen. */
export const mailboxStateEntity = () =>
  new Entity(
    {
      model: { entity: 'mailboxState', version: '1', service: 'threadline' },
      attributes: {
        agencyName: { type: 'string', required: true },
        email: { type: 'string', required: true },
        historyId: { type: 'string' },
        lastCheckAt: { type: 'string' },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byAgency: {
          pk: { field: 'pk', composite: ['agencyName'], template: 'AGENCY#${agencyName}', casing: 'none' },
          sk: { field: 'sk', composite: ['email'], template: 'MAILBOX#${email}', casing: 'none' },
        },
      },
    },
    { client: dynamoClient(), table: tableName() },
  );
