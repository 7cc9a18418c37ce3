import { conversationListQuery, type ConversationListResponse } from '../../shared/schemas/conversations';
import { defineHandler } from '../lib/http/handler';
import { listConversations } from '../lib/conversations/list';

/**
 * GET /api/v3/conversations?campaign_id&contact_email&status&turn&follow_up&tracking&needs_assignment&q&sort&cursor&limit
 * → one row per contact per campaign (needs-assignment conversations only when asked for), a
 * page of them, the cursor of the next page, the total and the counts by status.
 */
export const handler = defineHandler('agency', { query: conversationListQuery }, async ({ query, scope }) => {
  const page = await listConversations(scope, query);
  return { success: true, ...page } satisfies ConversationListResponse;
});
