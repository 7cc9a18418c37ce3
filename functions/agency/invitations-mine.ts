import { defineHandler } from '../lib/http/handler';
import { listMyInvitations } from '../lib/identity/invitations';

/** GET /api/v3/agency/invitations/mine → the caller's pending, unexpired invitations. */
export const handler = defineHandler('user', {}, async ({ session }) => ({
  success: true,
  invites: await listMyInvitations(session.email),
}));
