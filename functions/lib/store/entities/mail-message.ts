import { Entity, type EntityItem } from 'electrodb';
import { AUTO_REPLY_KINDS, INTENTS, SIDES } from '../../../../shared/schemas/conversations';
import { storeConfig } from '../client';
import { failuresAttribute, feeFactAttribute } from './conversation-parts';
import { AGENCY_PARTITION } from '../keys';

/**
 * One e-mail per RFC 5322 Message-ID, `AGENCY#a / MSG#<hash of the Message-ID>`: a copy of the
 * same message in a colleague's mailbox is the same item (its Gmail ids join `copies`), so it
 * is counted once and analysed by the model once. Created conditionally, only after its
 * analysis: an item that exists needs no model call.
 */
export const mailMessageEntity = new Entity(
  {
    model: { entity: 'mailMessage', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      messageKey: { type: 'string', required: true },
      messageId: { type: 'string', required: true },
      threadKey: { type: 'string', required: true },
      /** "mailbox|gmailMessageId|gmailThreadId" of every mailbox holding a copy */
      copies: { type: 'set', items: 'string' },
      sentAt: { type: 'string', required: true },
      fromEmail: { type: 'string', default: '' },
      fromName: { type: 'string', default: '' },
      to: { type: 'list', items: { type: 'string' } },
      cc: { type: 'list', items: { type: 'string' } },
      subject: { type: 'string', default: '' },
      /** the sender's own words (quotes are verified against this) */
      ownText: { type: 'string', default: '' },
      autoReply: { type: AUTO_REPLY_KINDS, required: true },
      /** a bounce's delivery report: status (5.1.1), reason, the address that bounced */
      bounce: { type: 'map', properties: { status: { type: 'string', required: true }, reason: { type: 'string', required: true }, recipient: { type: 'string' } } },
      side: { type: SIDES, required: true },
      /** the message has recipients on the other side (agency → talent or talent → agency) */
      toOtherSide: { type: 'boolean', default: false },
      summary: { type: 'string', default: '' },
      intent: { type: INTENTS },
      intentQuote: { type: 'string' },
      fees: feeFactAttribute,
      failures: failuresAttribute,
      tokensUsed: { type: 'number', default: 0 },
      createdAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['messageKey'], template: 'MSG#${messageKey}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

export type MailMessageItem = EntityItem<typeof mailMessageEntity>;
