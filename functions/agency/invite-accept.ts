import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { acceptInviteBody } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { acceptInvitationByToken, acceptInvitationForAgency, signInToAcceptUrl } from '../lib/identity/invitation-acceptance';
import { INVITE_MESSAGES } from '../lib/identity/invitations';
import type { Answer } from '../lib/http/typed';
import type { acceptInviteResponse } from '../../shared/schemas/identity';

/** POST /api/v3/agency/invitations/accept {invite_token} | {agency_name} → joined; the session switches. */
const accept = defineHandler('user', { body: acceptInviteBody }, async ({ body, session }) => {
  const accepted = body.invite_token
    ? await acceptInvitationByToken(session, body.invite_token)
    : await acceptInvitationForAgency(session, body.agency_name!);
  return { success: true, agency_name: accepted.agencyName, message: INVITE_MESSAGES.joined(accepted.displayName) } satisfies Answer<typeof acceptInviteResponse>;
});

/**
 * Without a session the answer is 401 carrying redirect_url: the sign-in that accepts this
 * invitation (spec section 4: "A 401 carrying redirect_url on invite acceptance sends the browser
 * to that URL"). The web client follows it.
 */
export const handler = async (event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> => {
  const response = await accept(event, context);
  if (response.statusCode !== 401 || typeof response.body !== 'string') return response;
  try {
    const body = JSON.parse(response.body) as Record<string, unknown>;
    const raw = event.body && event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    return { ...response, body: JSON.stringify({ ...body, redirect_url: signInToAcceptUrl(raw) }) };
  } catch {
    return response;
  }
};
