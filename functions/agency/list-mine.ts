import { defineHandler } from '../lib/http/handler';
import { listMyAgencies } from '../lib/identity/agencies';
import type { Answer } from '../lib/http/typed';
import type { myAgenciesResponse } from '../../shared/schemas/identity';

/** GET /api/v3/agency/list-mine → the caller's active memberships. */
export const handler = defineHandler('user', {}, async ({ session }) => ({
  success: true,
  agencies: await listMyAgencies(session.email),
}) satisfies Answer<typeof myAgenciesResponse>);
