import { switchAgencyBody } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { switchAgency } from '../lib/identity/agencies';
import type { Answer } from '../lib/http/typed';
import type { switchAgencyResponse } from '../../shared/schemas/identity';

/** POST /api/v3/agency/switch {agency_name}: only to an agency the caller is an active member of. */
export const handler = defineHandler('user', { body: switchAgencyBody }, async ({ body, session }) => ({
  success: true,
  agency_name: await switchAgency(session, body.agency_name),
}) satisfies Answer<typeof switchAgencyResponse>);
