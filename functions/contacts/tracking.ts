import { trackingQuery, type trackingResponse } from '../../shared/schemas/campaigns';
import { trackingPage } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';
import type { Answer } from '../lib/http/typed';

/**
 * GET /api/campaigns/contacts/tracking?cursor&limit&q → up to 100 contacts (keyed by
 * `campaign:email`) and next_cursor; the listing's first page also carries summary and
 * by_campaign. With q, the contacts that search finds, over every contact of the agency, a
 * bounded read per answer; a q too long or with control characters is refused (400).
 */
export const handler = defineHandler('agency', { query: trackingQuery }, async ({ query, scope }) => ({
  success: true,
  ...(await trackingPage(scope, query)),
}) satisfies Answer<typeof trackingResponse>);
