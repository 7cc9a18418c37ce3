import type * as z from 'zod';
import { clientAddressBody, type clientAddressResponse } from '../../shared/schemas/campaigns';
import { setClientAddress } from '../lib/campaigns/client-addresses';
import { defineHandler } from '../lib/http/handler';

/** POST /api/campaigns/client-addresses {campaign_id, email, client}: mark (or unmark) an address as the campaign's client. */
export const handler = defineHandler('agency', { body: clientAddressBody }, async ({ body, scope }) => {
  const addresses = await setClientAddress(scope, body);
  return {
    success: true,
    campaign_id: body.campaign_id,
    client_addresses: addresses,
    message: body.client ? `${body.email} marked as the client of ${body.campaign_id}` : `${body.email} is no longer marked as the client of ${body.campaign_id}`,
  } satisfies z.input<typeof clientAddressResponse>;
});
