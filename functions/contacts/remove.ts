import { removeContactBody } from '../../shared/schemas/campaigns';
import { removeContact } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';

/** POST /api/campaigns/contacts/remove {email}: tracking stops; processed data is kept. */
export const handler = defineHandler('agency', { body: removeContactBody }, async ({ body, scope }) => {
  await removeContact(scope, body.email);
  return { success: true, message: `${body.email} removed` };
});
