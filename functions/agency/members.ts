import { defineHandler } from '../lib/http/handler';
import { listMembers } from '../lib/identity/members';
import type { Answer } from '../lib/http/typed';
import type { membersResponse } from '../../shared/schemas/identity';

/** GET /api/v3/agency/members → active members and pending invitations of the session's agency. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({
  success: true,
  members: await listMembers(scope),
  current_user_email: scope.email,
  current_user_role: scope.role,
}) satisfies Answer<typeof membersResponse>);
