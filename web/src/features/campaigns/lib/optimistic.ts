import type { CampaignList } from '../api/campaign-types';

/** The list with one campaign switched to 'deleting' and stamped with a new updated time. */
export const markDeleting = (list: CampaignList, campaignId: string, updatedAt: string): CampaignList => ({
  ...list,
  campaigns: list.campaigns.map((campaign) =>
    campaign.campaign_id === campaignId ? { ...campaign, status: 'deleting', updated_at: updatedAt } : campaign,
  ),
});
