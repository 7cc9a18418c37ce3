import { campaignIdParams } from '../../shared/schemas/campaigns';
import type { campaignReportResponse } from '../../shared/schemas/reports';
import { defineHandler } from '../lib/http/handler';
import type { Answer } from '../lib/http/typed';
import { loadCampaignReport } from '../lib/conversations/report/load-campaign-report';

/** GET /api/v3/campaigns/{id}/report: the campaign's funnel, spend, calendar and waiting replies. */
export const handler = defineHandler('agency', { params: campaignIdParams }, async ({ params, scope }) => {
  const report = await loadCampaignReport(scope, params.id);
  return { success: true, report } satisfies Answer<typeof campaignReportResponse>;
});
