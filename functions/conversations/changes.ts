import { changesQuery, type ChangesResponse } from '../../shared/schemas/conversations';
import { listChanges } from '../lib/conversations/changes';
import { defineHandler } from '../lib/http/handler';

/**
 * GET /api/v3/conversations/changes?since&limit → replies and status changes, newest first,
 * since `since` or else the caller's previous visit (this visit is recorded).
 */
export const handler = defineHandler('agency', { query: changesQuery }, async ({ query, scope }) => {
  const changes = await listChanges(scope, query);
  return { success: true, ...changes } satisfies ChangesResponse;
});
