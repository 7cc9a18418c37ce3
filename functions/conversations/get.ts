import { conversationIdParams, type ConversationDetailResponse } from '../../shared/schemas/conversations';
import { conversationDetail } from '../lib/conversations/list';
import { defineHandler } from '../lib/http/handler';

/** GET /api/v3/conversations/{id} → the conversation and its messages, oldest first; 404 when unknown. */
export const handler = defineHandler('agency', { params: conversationIdParams }, async ({ params, scope }) => {
  const detail = await conversationDetail(scope, params.id);
  return { success: true, ...detail } satisfies ConversationDetailResponse;
});
