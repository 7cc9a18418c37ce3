import { disconnectMailboxBody, type DisconnectMailboxResponse } from '../../shared/schemas/mailboxes';
import { defineHandler } from '../lib/http/handler';
import { disconnectMailbox } from '../lib/mailboxes/connections';

/** POST /api/v3/mailboxes/disconnect {remove_data?}: stops reading the caller's mailbox at once. */
export const handler = defineHandler('agency', { body: disconnectMailboxBody }, async ({ body, scope }) => {
  const { removed_threads } = await disconnectMailbox(scope, body);
  return { success: true, connected: false, removed_threads } satisfies DisconnectMailboxResponse;
});
