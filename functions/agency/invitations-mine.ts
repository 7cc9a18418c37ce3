import { defineHandler } from '../lib/http/handler';
import { listMyInvitations } from '../lib/identity/invitations';
import type { Answer } from '../lib/http/typed';
import type { myInvitesResponse } from '../../shared/schemas/identity';

/** GET /api/v3/agency/invitations/mine → the caller's pending, unexpired invitations. */
export const handler = defineHandler('user', {}, async ({ session }) => ({
  success: true,
  invites: await listMyInvitations(session.email),
}) satisfies Answer<typeof myInvitesResponse>);
