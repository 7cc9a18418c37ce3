import type { MailboxesResponse } from '../../shared/schemas/mailboxes';
import { defineHandler } from '../lib/http/handler';
import { listMailboxes } from '../lib/mailboxes/connections';

/** GET /api/v3/mailboxes: the agency's connected mailboxes (owner, limits, health) and the caller's own state. */
export const handler = defineHandler('agency', {}, async ({ scope }) => (await listMailboxes(scope)) satisfies MailboxesResponse);
