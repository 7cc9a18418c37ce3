import { listCampaigns } from '../lib/campaigns/campaigns';
import { defineHandler } from '../lib/http/handler';

/** GET /api/campaigns/list */
export const handler = defineHandler('agency', {}, async ({ scope }) => {
  const campaigns = await listCampaigns(scope);
  return { success: true, campaigns, total: campaigns.length };
});
