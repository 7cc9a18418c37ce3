import { connectMailboxBody, type ConnectMailboxResponse } from '../../shared/schemas/mailboxes';
import { defineHandler } from '../lib/http/handler';
import { connectMailbox } from '../lib/mailboxes/connections';

/** POST /api/v3/mailboxes/connect {from_addresses?, after?}: the caller's own mailbox, idempotent. */
export const handler = defineHandler('agency', { body: connectMailboxBody }, async ({ body, scope }) => {
  const mailbox = await connectMailbox(scope, body);
  return { success: true, mailbox } satisfies ConnectMailboxResponse;
});
