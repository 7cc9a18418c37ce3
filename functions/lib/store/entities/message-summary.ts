import { Entity } from 'electrodb';
import { dynamoClient, tableName } from '../client';

/**
 * One message's summary, `AGENCY#a / THREAD#<mailbox>#<threadId>#MSG#<id>`, written as soon as
 * the model answers: whatever happens to the rest of the thread, that message is never sent to
 * the model again.
 */
export const messageSummaryEntity = () =>
  new Entity(
    {
      model: { entity: 'messageSummary', version: '1', service: 'threadline' },
      attributes: {
        agencyName: { type: 'string', required: true },
        mailbox: { type: 'string', required: true },
        threadId: { type: 'string', required: true },
        messageId: { type: 'string', required: true },
        from: { type: 'string', default: '' },
        sentAt: { type: 'string', required: true },
        direction: { type: ['inbound', 'outbound'] as const, required: true },
        summary: { type: 'string', required: true },
        tokensUsed: { type: 'number', default: 0 },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byAgency: {
          pk: { field: 'pk', composite: ['agencyName'], template: 'AGENCY#${agencyName}', casing: 'none' },
          sk: {
            field: 'sk',
            composite: ['mailbox', 'threadId', 'messageId'],
            template: 'THREAD#${mailbox}#${threadId}#MSG#${messageId}',
            casing: 'none',
          },
        },
      },
    },
    { client: dynamoClient(), table: tableName() },
  );

export type MessageSummaryItem = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof messageSummaryEntity>['get']>['go']>>['data']>;
