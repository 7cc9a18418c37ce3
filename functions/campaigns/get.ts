import { campaignIdParams } from '../../shared/schemas/campaigns';
import { campaignContactCount, getCampaignOrThrow, toCampaignJson } from '../lib/campaigns/campaigns';
import { defineHandler } from '../lib/http/handler';
import type { Answer } from '../lib/http/typed';
import type { campaignResponse } from '../../shared/schemas/campaigns';

/** GET /api/campaigns/{id} */
export const handler = defineHandler('agency', { params: campaignIdParams }, async ({ params, scope }) => {
  const [campaign, count] = await Promise.all([getCampaignOrThrow(scope, params.id), campaignContactCount(scope, params.id)]);
  return { success: true, campaign: toCampaignJson(campaign, count) } satisfies Answer<typeof campaignResponse>;
});
