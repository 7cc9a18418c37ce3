import type * as z from 'zod';
import { conversationIdParams, conversationPatchBody, type conversationPatchResponse } from '../../shared/schemas/conversations';
import { correctConversation } from '../lib/conversations/corrections';
import { defineHandler } from '../lib/http/handler';

/**
 * PATCH /api/v3/conversations/{id} {status?, whose_turn?, dates?, fees?}: a person's corrections
 * (null hands a field back to the model) → the conversation rebuilt; 404 when the e-mail is not
 * a contact of that campaign.
 */
export const handler = defineHandler('agency', { params: conversationIdParams, body: conversationPatchBody }, async ({ params, body, scope }) => {
  const conversation = await correctConversation(scope, params.id, body);
  return { success: true, conversation } satisfies z.input<typeof conversationPatchResponse>;
});
