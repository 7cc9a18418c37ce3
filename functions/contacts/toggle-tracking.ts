import { toggleTrackingBody, type toggleTrackingResponse } from '../../shared/schemas/campaigns';
import type * as z from 'zod';
import { setTracking } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';

/**
 * POST /api/campaigns/contacts/tracking/toggle {email, tracking, campaign_id?}: that campaign's
 * contact, or the e-mail in every campaign. `contact` is the first changed (by campaign id),
 * `contacts` every one; 404 when nothing matched.
 */
export const handler = defineHandler('agency', { body: toggleTrackingBody }, async ({ body, scope }) => {
  const contacts = await setTracking(scope, body);
  return { success: true, contact: contacts[0]!, contacts } satisfies z.input<typeof toggleTrackingResponse>;
});
