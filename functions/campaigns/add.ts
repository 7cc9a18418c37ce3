import { createCampaignBody, type createCampaignResponse } from '../../shared/schemas/campaigns';
import type * as z from 'zod';
import { createCampaign } from '../lib/campaigns/campaigns';
import { defineHandler } from '../lib/http/handler';

/** POST /api/campaigns/add → the campaign, 'pending' while its Drive assets are made. */
export const handler = defineHandler('agency', { body: createCampaignBody }, async ({ body, scope }) => {
  const campaign = await createCampaign(scope, body);
  return { success: true, campaign, message: `Campaign "${campaign.campaign_name}" created` } satisfies z.input<typeof createCampaignResponse>;
});
