import { Entity, type EntityItem } from 'electrodb';
import { ATTRIBUTION_REASONS, CONVERSATION_STATUSES, CORRECTABLE_FIELDS, TURNS } from '../../../../shared/schemas/conversations';
import { storeConfig } from '../client';
import { candidatesAttribute, dateFactAttribute, failuresAttribute, feeFactAttribute } from './conversation-parts';
import { AGENCY_PARTITION, AGENCY_TEMPLATE } from '../keys';

/** The sort-key segment of conversations that wait for a person to assign them. */
export const NEEDS_ASSIGNMENT_SEGMENT = '~na';

/**
 * One talent in one campaign, `AGENCY#a / CONV#<campaignId>#<email>`: the conversation state the
 * board and the sheets read, derived from its threads and kept beside a person's corrections.
 * Needs-assignment conversations are `CONV#~na#<threadKey>`. The byTalent index lists one
 * talent's conversations across campaigns.
 */
export const conversationEntity = new Entity(
  {
    model: { entity: 'conversation', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      /** campaign id, or NEEDS_ASSIGNMENT_SEGMENT */
      campaignId: { type: 'string', required: true },
      /** contact e-mail, or the thread key of a needs-assignment conversation */
      subjectKey: { type: 'string', required: true },
      version: { type: 'number', required: true },
      threadKeys: { type: 'set', items: 'string' },
      status: { type: CONVERSATION_STATUSES, required: true },
      whoseTurn: { type: TURNS },
      turnSince: { type: 'string' },
      lastInboundAt: { type: 'string' },
      lastOutboundAt: { type: 'string' },
      lastMessageAt: { type: 'string' },
      messageCount: { type: 'number', default: 0 },
      subject: { type: 'string', default: '' },
      summary: { type: 'string', default: '' },
      dates: dateFactAttribute,
      fees: feeFactAttribute,
      attributionReason: { type: ATTRIBUTION_REASONS, default: 'none' },
      campaignConfirmed: { type: 'boolean', default: true },
      /** what the rules saw for the attribution shown, in staff's words ('' before it was kept) */
      attributionEvidence: { type: 'string', default: '' },
      needsAssignment: { type: 'boolean', default: false },
      candidates: candidatesAttribute,
      /** "mailbox|gmailThreadId" of every mailbox copy of its threads */
      threadCopies: { type: 'list', items: { type: 'string' } },
      /** the copies of its latest thread alone (one per mailbox): what a list row links */
      latestCopies: { type: 'list', items: { type: 'string' } },
      /** each copy's thread subject (what the timeline names a Gmail link by); absent on items stored before it */
      threadSubjects: { type: 'list', items: { type: 'map', properties: { copy: { type: 'string', required: true }, subject: { type: 'string', required: true } } } },
      correctedFields: { type: 'set', items: CORRECTABLE_FIELDS },
      correctedStatus: { type: CONVERSATION_STATUSES },
      correctedTurn: { type: TURNS },
      correctedAt: { type: 'string' },
      personDates: dateFactAttribute,
      personFees: feeFactAttribute,
      failures: failuresAttribute,
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['campaignId', 'subjectKey'], template: 'CONV#${campaignId}#${subjectKey}', casing: 'none' },
      },
      byTalent: {
        index: 'byTalent',
        pk: { field: 'gsi4pk', composite: ['agencyName', 'subjectKey'], template: `${AGENCY_TEMPLATE}#TALENT#\${subjectKey}`, casing: 'none' },
        sk: { field: 'gsi4sk', composite: ['campaignId'], template: 'CONV#${campaignId}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

export type ConversationItem = EntityItem<typeof conversationEntity>;
