import { toggleTrackingBody } from '../../shared/schemas/campaigns';
import { setTracking } from '../lib/campaigns/contacts';
import { defineHandler } from '../lib/http/handler';

/** POST /api/campaigns/contacts/tracking/toggle {email, tracking} */
export const handler = defineHandler('agency', { body: toggleTrackingBody }, async ({ body, scope }) => ({
  success: true,
  contact: await setTracking(scope, body.email, body.tracking),
}));
