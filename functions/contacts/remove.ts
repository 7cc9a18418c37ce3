import { removeContactBody, type removeContactResponse } from '../../shared/schemas/campaigns';
import type * as z from 'zod';
import { removeContact } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';

/**
 * POST /api/campaigns/contacts/remove {email, campaign_id?}: from that campaign, or from every
 * campaign. Tracking stops; processed data is kept; 404 when nothing matched.
 */
export const handler = defineHandler('agency', { body: removeContactBody }, async ({ body, scope }) => {
  const contacts = await removeContact(scope, body);
  const where = body.campaign_id ? ` from campaign "${body.campaign_id}"` : contacts.length > 1 ? ` from ${contacts.length} campaigns` : '';
  return { success: true, removed: contacts.length, contacts, message: `${body.email} removed${where}` } satisfies z.input<typeof removeContactResponse>;
});
