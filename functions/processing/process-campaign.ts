import { campaignBody } from '../../shared/schemas/processing';
import { defineHandler } from '../lib/http/handler';
import { startCampaign } from '../lib/processing/start';

/** POST /api/v3/process/campaign {campaign_id} → task_id */
export const handler = defineHandler('agency', { body: campaignBody }, async ({ body, scope }) => startCampaign(scope, body));
