import { Entity, type EntityItem } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION, AGENCY_TEMPLATE } from '../keys';

/**
 * One mailbox's copy of a Gmail thread, `AGENCY#a / THREAD#<mailbox>#<threadId>`: which
 * conversation thread it is filed under, the Gmail message ids handled, and a copy of the state
 * the monitor and the job counters read. The conversation itself lives in conversation-thread,
 * mail-message and conversation items (key dates too: a pointer written before conversations
 * carried a `dates` list, which nothing reads and the next put of the pointer drops).
 */
export const threadEntity = new Entity(
  {
    model: { entity: 'thread', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      mailbox: { type: 'string', required: true },
      threadId: { type: 'string', required: true },
      version: { type: 'number', required: true },
      /** the conversation thread this mailbox copy is filed under */
      threadKey: { type: 'string' },
      subject: { type: 'string', default: '' },
      processedIds: { type: 'list', items: { type: 'string' } },
      summary: { type: 'string', required: true, default: '' },
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
      /** Gmail's historyId of this thread when it was last read in full (threads.list gives it): a listing with the same id skips threads.get */
      gmailHistoryId: { type: 'string' },
      /** what that read covered: the job's date window and the owner's limits (processing/thread-freshness.ts) */
      gmailCoverage: { type: 'string' },
      createdAt: { type: 'string', required: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['mailbox', 'threadId'], template: 'THREAD#${mailbox}#${threadId}', casing: 'none' },
      },
      byCampaign: {
        index: 'byCampaign',
        pk: { field: 'gsi2pk', composite: ['agencyName', 'primaryCampaignId'], template: `${AGENCY_TEMPLATE}#CAMPAIGN#\${primaryCampaignId}`, casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['mailbox', 'threadId'], template: 'THREAD#${mailbox}#${threadId}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

export type ThreadItem = EntityItem<typeof threadEntity>;
