import { confirmBody } from '../../shared/schemas/campaigns';
import { clearContacts } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';

/** POST /api/campaigns/contacts/clear {confirm:true}: every contact of the agency. */
export const handler = defineHandler('agency', { body: confirmBody }, async ({ scope }) => {
  const removed = await clearContacts(scope);
  return { success: true, removed, message: `${removed} contacts removed` };
});
