import { memberEmailParams } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { MEMBER_MESSAGES, removeMember } from '../lib/identity/members';
import type { Answer } from '../lib/http/typed';
import type { messageResponse } from '../../shared/schemas/identity';

/** DELETE /api/campaigns/users/{email}: owners remove others (never the last owner). */
export const handler = defineHandler('agency', { params: memberEmailParams }, async ({ params, scope }) => {
  await removeMember(scope, params.email);
  return { success: true, message: MEMBER_MESSAGES.removed } satisfies Answer<typeof messageResponse>;
});
