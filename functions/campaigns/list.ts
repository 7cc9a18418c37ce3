import { listCampaigns } from '../lib/campaigns/campaigns';
import { defineHandler } from '../lib/http/handler';
import type { Answer } from '../lib/http/typed';
import type { campaignListResponse } from '../../shared/schemas/campaigns';

/** GET /api/campaigns/list */
export const handler = defineHandler('agency', {}, async ({ scope }) => {
  const campaigns = await listCampaigns(scope);
  return { success: true, campaigns, total: campaigns.length } satisfies Answer<typeof campaignListResponse>;
});
