import { acceptInviteBody } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { acceptInvitationByToken, acceptInvitationForAgency } from '../lib/identity/invitation-acceptance';
import { INVITE_MESSAGES } from '../lib/identity/invitations';

/** POST /api/v3/agency/invitations/accept {invite_token} | {agency_name} → joined; the session switches. */
export const handler = defineHandler('user', { body: acceptInviteBody }, async ({ body, session }) => {
  const accepted = body.invite_token
    ? await acceptInvitationByToken(session, body.invite_token)
    : await acceptInvitationForAgency(session, body.agency_name!);
  return { success: true, agency_name: accepted.agencyName, message: INVITE_MESSAGES.joined(accepted.displayName) };
});
