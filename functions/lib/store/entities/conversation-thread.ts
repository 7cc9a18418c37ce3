import { Entity, type EntityItem } from 'electrodb';
import { storeConfig } from '../client';
import { candidatesAttribute, dateFactAttribute, failuresAttribute, targetsAttribute } from './conversation-parts';
import { AGENCY_PARTITION } from '../keys';

/**
 * One conversation thread across the agency's mailboxes, `AGENCY#a / CTHREAD#<key>`: the
 * mailbox copies merged by Message-ID / References, its messages (by Message-ID), whom it is
 * attributed to and why, its summary and its key dates. Written with an optimistic `version`.
 */
export const conversationThreadEntity = new Entity(
  {
    model: { entity: 'conversationThread', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      threadKey: { type: 'string', required: true },
      version: { type: 'number', required: true },
      subject: { type: 'string', default: '' },
      /** message keys (hashes of the Message-IDs), oldest first */
      messageKeys: { type: 'list', items: { type: 'string' } },
      /** "mailbox|gmailThreadId" of every mailbox copy */
      copies: { type: 'list', items: { type: 'string' } },
      participants: { type: 'list', items: { type: 'string' } },
      targets: targetsAttribute,
      needsAssignment: { type: 'boolean', default: false },
      candidates: candidatesAttribute,
      managers: { type: 'list', items: { type: 'string' } },
      /** a person's assignment: sticks for later messages */
      assignment: candidatesAttribute,
      /** a person said "none of these": a manager's mail alone never attributes this thread again */
      dismissed: { type: 'boolean', default: false },
      summary: { type: 'string', default: '' },
      /** the message keys the summary covers */
      summarisedKeys: { type: 'list', items: { type: 'string' } },
      dates: dateFactAttribute,
      failures: failuresAttribute,
      firstMessageAt: { type: 'string' },
      lastMessageAt: { type: 'string' },
      tokensUsed: { type: 'number', default: 0 },
      createdAt: { type: 'string', required: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['threadKey'], template: 'CTHREAD#${threadKey}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

export type ConversationThreadItem = EntityItem<typeof conversationThreadEntity>;
