import { inviteEmailBody } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { resendInvitation } from '../lib/identity/invitations';
import type { Answer } from '../lib/http/typed';
import type { messageResponse } from '../../shared/schemas/identity';

/** POST /api/v3/agency/invitations/resend {email}: only an expired invitation gets a new token. */
export const handler = defineHandler('agency', { body: inviteEmailBody }, async ({ body, scope }) => ({
  success: true,
  message: await resendInvitation(scope, body.email),
}) satisfies Answer<typeof messageResponse>);
