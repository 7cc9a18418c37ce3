import { trackingSummary } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';

/** GET /api/campaigns/contacts/tracking → contacts, summary and by_campaign. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({ success: true, ...(await trackingSummary(scope)) }));
