import { inviteBody } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { inviteMember } from '../lib/identity/invitations';
import type { Answer } from '../lib/http/typed';
import type { messageResponse } from '../../shared/schemas/identity';

/** POST /api/v3/agency/invitations {email, role} → invitation stored and e-mailed. */
export const handler = defineHandler('agency', { body: inviteBody }, async ({ body, scope }) => ({
  success: true,
  message: await inviteMember(scope, body.email, body.role),
}) satisfies Answer<typeof messageResponse>);
