import { deleteCampaignBody } from '../../shared/schemas/campaigns';
import { requestCampaignDeletion } from '../lib/campaigns/campaigns';
import { defineHandler } from '../lib/http/handler';

/** POST /api/campaigns/delete {campaign_id, force} → 'deleting' now, removed asynchronously. */
export const handler = defineHandler('agency', { body: deleteCampaignBody }, async ({ body, scope }) => {
  await requestCampaignDeletion(scope, body.campaign_id);
  return { success: true, campaign_id: body.campaign_id, status: 'deleting', message: `Campaign "${body.campaign_id}" is being deleted` };
});
