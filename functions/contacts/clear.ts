import { confirmBody, type clearContactsResponse } from '../../shared/schemas/campaigns';
import type * as z from 'zod';
import { clearContacts } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';

/** POST /api/campaigns/contacts/clear {confirm:true}: every contact of every campaign of the agency. */
export const handler = defineHandler('agency', { body: confirmBody }, async ({ scope }) => {
  const removed = await clearContacts(scope);
  return { success: true, removed, message: `${removed} contacts removed` } satisfies z.input<typeof clearContactsResponse>;
});
