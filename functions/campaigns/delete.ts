import { messages } from '../../shared/messages';
import { deleteCampaignBody } from '../../shared/schemas/campaigns';
import { requestCampaignDeletion } from '../lib/campaigns/campaigns';
import { defineHandler } from '../lib/http/handler';
import { requireOwner } from '../lib/identity/roles';
import type { Answer } from '../lib/http/typed';
import type { deleteCampaignResponse } from '../../shared/schemas/campaigns';

/** POST /api/campaigns/delete {campaign_id, force} (owners only) → 'deleting' now, removed asynchronously. */
export const handler = defineHandler('agency', { body: deleteCampaignBody }, async ({ body, scope }) => {
  requireOwner(scope, messages.roles.ownerOnly.deleteCampaign);
  await requestCampaignDeletion(scope, body.campaign_id);
  return { success: true, campaign_id: body.campaign_id, status: 'deleting', message: `Campaign "${body.campaign_id}" is being deleted` } satisfies Answer<typeof deleteCampaignResponse>;
});
