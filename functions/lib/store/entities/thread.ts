import { Entity } from 'electrodb';
import { dynamoClient, tableName } from '../client';

export const OUTREACH_STATUSES = ['awaiting_reply', 'replied', 'negotiating', 'confirmed', 'declined'] as const;
export type OutreachStatus = (typeof OUTREACH_STATUSES)[number];
export type KeyDate = { date: string; kind: string; source_sentence: string };

/**
 * A processed Gmail thread of one mailbox, `AGENCY#a / THREAD#<mailbox>#<threadId>`. Written
 * with an optimistic `version` condition so a stale retry never overwrites newer work. The
 * byCampaign index (its primary campaign) lets the sheet sync read a campaign's threads.
 */
export const threadEntity = () =>
  new Entity(
    {
      model: { entity: 'thread', version: '1', service: 'threadline' },
      attributes: {
        agencyName: { type: 'string', required: true },
        mailbox: { type: 'string', required: true },
        threadId: { type: 'string', required: true },
        version: { type: 'number', required: true },
        subject: { type: 'string', default: '' },
        processedIds: { type: 'list', items: { type: 'string' } },
        summary: { type: 'string', default: '' },
        dates: { type: 'any' },
        status: { type: 'string' },
        whoseTurn: { type: 'string' },
        lastInboundAt: { type: 'string' },
        lastOutboundAt: { type: 'string' },
        lastMessageAt: { type: 'string' },
        messageCount: { type: 'number', default: 0 },
        contactEmails: { type: 'list', items: { type: 'string' } },
        campaignIds: { type: 'list', items: { type: 'string' } },
        primaryCampaignId: { type: 'string', required: true },
        gmailLink: { type: 'string' },
        tokensUsed: { type: 'number', default: 0 },
        lastJobId: { type: 'string' },
        createdAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byAgency: {
          pk: { field: 'pk', composite: ['agencyName'], template: 'AGENCY#${agencyName}', casing: 'none' },
          sk: { field: 'sk', composite: ['mailbox', 'threadId'], template: 'THREAD#${mailbox}#${threadId}', casing: 'none' },
        },
        byCampaign: {
          index: 'byCampaign',
          pk: { field: 'gsi2pk', composite: ['agencyName', 'primaryCampaignId'], template: 'AGENCY#${agencyName}#CAMPAIGN#${primaryCampaignId}', casing: 'none' },
          sk: { field: 'gsi2sk', composite: ['mailbox', 'threadId'], template: 'THREAD#${mailbox}#${threadId}', casing: 'none' },
        },
      },
    },
    { client: dynamoClient(), table: tableName() },
  );

export type ThreadItem = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof threadEntity>['get']>['go']>>['data']>;
