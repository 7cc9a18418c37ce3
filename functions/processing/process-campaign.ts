import { campaignBody } from '../../shared/schemas/processing';
import { defineHandler } from '../lib/http/handler';
import { startCampaign } from '../lib/processing/start';
import type { Answer } from '../lib/http/typed';
import type { startedResponse } from '../../shared/schemas/processing';

/** POST /api/v3/process/campaign {campaign_id} → task_id */
export const handler = defineHandler('agency', { body: campaignBody }, async ({ body, scope }) => (await startCampaign(scope, body)) satisfies Answer<typeof startedResponse>);
