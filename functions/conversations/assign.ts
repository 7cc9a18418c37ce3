import type * as z from 'zod';
import { assignBody, type assignResponse } from '../../shared/schemas/conversations';
import { assignConversation } from '../lib/conversations/assign';
import { defineHandler } from '../lib/http/handler';

/**
 * POST /api/v3/conversations/assign {id, assignments: [{contact_email, campaign_id}]}: whose a
 * needs-assignment conversation is → the assigned talents' conversations.
 */
export const handler = defineHandler('agency', { body: assignBody }, async ({ body, scope }) => {
  const conversations = await assignConversation(scope, body);
  return { success: true, conversations } satisfies z.input<typeof assignResponse>;
});
