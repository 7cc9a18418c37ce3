import { trackingQuery, type trackingResponse } from '../../shared/schemas/campaigns';
import { trackingPage } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';
import type { Answer } from '../lib/http/typed';

/**
 * GET /api/campaigns/contacts/tracking?cursor&limit → up to 100 contacts (keyed by
 * `campaign:email`) and next_cursor; the first page also carries summary and by_campaign.
 */
export const handler = defineHandler('agency', { query: trackingQuery }, async ({ query, scope }) => ({
  success: true,
  ...(await trackingPage(scope, query)),
}) satisfies Answer<typeof trackingResponse>);
