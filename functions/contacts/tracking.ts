import type { trackingResponse } from '../../shared/schemas/campaigns';
import type * as z from 'zod';
import { trackingSummary } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';

/** GET /api/campaigns/contacts/tracking → contacts (keyed by `campaign:email`), summary and by_campaign. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({ success: true, ...(await trackingSummary(scope)) }) satisfies z.input<typeof trackingResponse>);
