import { createAgencyBody, type CreateAgencyResponse } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { createAgency } from '../lib/identity/agency-creation';
import { connectOwnMailbox } from '../lib/mailboxes/connections';
import { Conflict } from '../lib/http/errors';

/**
 * POST /api/v3/agency {name, connect_mailbox?} → the agency, its owner, its Drive root; the
 * session switches to it; the creator's mailbox is connected unless they unticked it.
 */
export const handler = defineHandler('user', { body: createAgencyBody }, async ({ body, session }) => {
  const agency = await createAgency(session, body.name);
  let connected = false;
  if (body.connect_mailbox) {
    try {
      await connectOwnMailbox(agency.scope);
      connected = true;
    } catch (error) {
      // No stored Google access: the agency exists; its creator connects from Settings after signing in again.
      if (!(error instanceof Conflict)) throw error;
    }
  }
  return {
    success: true,
    agency: { name: agency.name, display_name: agency.displayName },
    drive_ready: agency.driveReady,
    mailbox_connected: connected,
  } satisfies CreateAgencyResponse;
});
