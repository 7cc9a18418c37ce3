import { defineHandler } from '../lib/http/handler';
import { listMyAgencies } from '../lib/identity/agencies';

/** GET /api/v3/agency/list-mine → the caller's active memberships. */
export const handler = defineHandler('user', {}, async ({ session }) => ({
  success: true,
  agencies: await listMyAgencies(session.email),
}));
