import { defineHandler } from '../lib/http/handler';
import { listMembers } from '../lib/identity/members';

/** GET /api/v3/agency/members → active members and pending invitations of the session's agency. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({
  success: true,
  members: await listMembers(scope),
  current_user_email: scope.email,
  current_user_role: scope.role,
}));
