import type { CampaignReportJson } from '../../../../shared/schemas/reports';
import { campaignBudgetOf, getCampaignOrThrow } from '../../campaigns/campaigns';
import { listCampaignContacts } from '../../campaigns/contact-store';
import { mergeRows, queryConversationItems } from '../list';
import { agencyCurrency } from '../regional-settings';
import type { AgencyScope } from '../../session/resolve';
import { readSettings } from '../../settings/store';
import { campaignReport } from './campaign-report';

/**
 * One campaign's report. Reads the campaign's contacts and conversation items once (two Queries
 * on the campaign's key prefix, paged) and builds the board's rows from them with the board's
 * read model, so every figure agrees with the board. One read per row per request: bounded by
 * the campaign, not the agency; the status counts could come from the board counter instead.
 * 404 for a campaign this agency does not have (getCampaignOrThrow), before any other read.
 */
export const loadCampaignReport = async (scope: AgencyScope, campaignId: string, now: number = Date.now()): Promise<CampaignReportJson> => {
  const campaign = await getCampaignOrThrow(scope, campaignId);
  const [contacts, items, settings] = await Promise.all([
    listCampaignContacts(scope.agencyName, campaign.campaignId),
    queryConversationItems(scope.agencyName, campaign.campaignId),
    readSettings(scope),
  ]);
  const rows = mergeRows({ contacts, items, campaigns: [campaign], now, followUpAfterDays: settings.processing_limits.follow_up_after_days });
  return campaignReport({
    campaign: { id: campaign.campaignId, name: campaign.campaignName, budget: campaignBudgetOf(campaign) ?? null },
    rows,
    now,
    agencyCurrency: agencyCurrency(settings),
  });
};
