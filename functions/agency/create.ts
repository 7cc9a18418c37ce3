import { createAgencyBody } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { createAgency } from '../lib/identity/agency-creation';

/** POST /api/v3/agency {name} → the agency, its owner, its Drive root; the session switches to it. */
export const handler = defineHandler('user', { body: createAgencyBody }, async ({ body, session }) => {
  const agency = await createAgency(session, body.name);
  return { success: true, agency: { name: agency.name, display_name: agency.displayName }, drive_ready: agency.driveReady };
});
