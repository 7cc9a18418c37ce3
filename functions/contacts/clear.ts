import { messages } from '../../shared/messages';
import { confirmBody, type clearContactsResponse } from '../../shared/schemas/campaigns';
import type * as z from 'zod';
import { clearContacts } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';
import { requireOwner } from '../lib/identity/roles';

/** POST /api/campaigns/contacts/clear {confirm:true} (owners only): every contact of every campaign of the agency. */
export const handler = defineHandler('agency', { body: confirmBody }, async ({ scope }) => {
  requireOwner(scope, messages.roles.ownerOnly.clearContacts);
  const removed = await clearContacts(scope);
  return { success: true, removed, message: `${removed} contacts removed` } satisfies z.input<typeof clearContactsResponse>;
});
