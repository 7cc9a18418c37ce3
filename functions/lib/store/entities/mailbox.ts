import { Entity, type EntityItem } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

export const MAILBOX_HEALTH = ['connected', 'missing_access', 'revoked', 'history_reset'] as const;
export type MailboxHealth = (typeof MAILBOX_HEALTH)[number];

/**
 * One mailbox's connection to one agency, `AGENCY#a / MAILBOX#email`: its owner's consent (and
 * the limits they set), the monitor's Gmail historyId, and the mailbox's health. A mailbox is
 * read for an agency only while `connected` is true; items written before consent existed have
 * no `connected` and count as not connected. The entity keeps its first name so those items
 * still parse.
 */
export const mailboxEntity = new Entity(
  {
    model: { entity: 'mailboxState', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      email: { type: 'string', required: true },
      connected: { type: 'boolean' },
      connectedAt: { type: 'string' },
      disconnectedAt: { type: 'string' },
      /** read only mail sent from or to one of these addresses (empty: all tracked mail) */
      fromAddresses: { type: 'list', items: { type: 'string' } },
      /** read only mail on or after this day (yyyy-MM-dd, UTC) */
      after: { type: 'string' },
      historyId: { type: 'string' },
      /** the owner's last Google access token, sealed (crypto/envelope, context mailboxTokenContext), reused until it expires */
      accessTokenSealed: { type: 'string' },
      /** when that access token expires (epoch ms) */
      accessTokenExpiresAt: { type: 'number' },
      /** the scopes Google granted that token (space-separated, as the token response says) */
      accessTokenScope: { type: 'string' },
      lastCheckAt: { type: 'string' },
      health: { type: MAILBOX_HEALTH },
      healthDetail: { type: 'string' },
      healthAt: { type: 'string' },
      lastSuccessAt: { type: 'string' },
      /** Gmail push (functions/lib/push): until when users.watch publishes this mailbox's changes (ISO) */
      watchExpiresAt: { type: 'string' },
      /** why the last users.watch failed (the mailbox is then read by the 2-minute check alone) */
      watchError: { type: 'string' },
      /** the last push notification accepted for this mailbox (ISO) and the highest historyId it named */
      lastPushAt: { type: 'string' },
      pushHistoryId: { type: 'number' },
      /** a push check holds this claim (epoch ms) while it is queued or running: bursts coalesce into it */
      pushRunUntil: { type: 'number' },
      /** a notification came while the claim was held or a job ran: check again once they end */
      pushPending: { type: 'boolean' },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['email'], template: 'MAILBOX#${email}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

/** The envelope context of a mailbox's cached access token (bound to the agency and the address). */
export const mailboxTokenContext = (agencyName: string, email: string) => ({ purpose: 'mailbox-access-token', agencyName, email });

export type MailboxItem = EntityItem<typeof mailboxEntity>;
