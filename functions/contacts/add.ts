import { addContactBody, type addContactResponse } from '../../shared/schemas/campaigns';
import type * as z from 'zod';
import { addContact } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';

/**
 * POST /api/campaigns/contacts/add → one contact per e-mail per campaign (409 when the e-mail is
 * already in that campaign), appended to the campaign's influencer list.
 */
export const handler = defineHandler('agency', { body: addContactBody }, async ({ body, scope }) => {
  const { contact, sheetUpdated } = await addContact(scope, body);
  return {
    success: true,
    contact,
    sheet_updated: sheetUpdated,
    message: `${contact.talent_name || contact.email} added to ${contact.campaign_name}`,
  } satisfies z.input<typeof addContactResponse>;
});
