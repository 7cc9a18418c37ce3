import { inviteEmailBody } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { cancelInvitation } from '../lib/identity/invitations';
import type { Answer } from '../lib/http/typed';
import type { messageResponse } from '../../shared/schemas/identity';

/** POST /api/v3/agency/invitations/cancel {email}: the pending invitation is deleted. */
export const handler = defineHandler('agency', { body: inviteEmailBody }, async ({ body, scope }) => ({
  success: true,
  message: await cancelInvitation(scope, body.email),
}) satisfies Answer<typeof messageResponse>);
