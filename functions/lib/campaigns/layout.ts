/**
 * What the product writes into Drive for a campaign: names, tabs and header rows. The
 * processing issue fills the outreach tracker with the same columns.
 */
export const INFLUENCER_LIST_TAB = 'Influencers';
export const INFLUENCER_LIST_HEADERS = ['Talent Name', 'Email', 'Manager', 'Tracking', 'Source', 'Added At'] as const;

export const OUTREACH_TRACKER_TAB = 'Outreach';
export const OUTREACH_TRACKER_HEADERS = [
  'Talent',
  'Email',
  'Manager',
  'Status',
  'Whose Turn',
  'Last Inbound',
  'Last Outbound',
  'Messages',
  'Key Dates',
  'Summary',
  'Gmail Link',
  'Updated At',
] as const;

export const campaignFolderName = (campaign: { campaignId: string; campaignName: string }) => `${campaign.campaignName} (${campaign.campaignId})`;
export const influencerListTitle = (campaign: { campaignName: string }) => `${campaign.campaignName} - Influencer List`;
export const outreachTrackerTitle = (campaign: { campaignName: string }) => `${campaign.campaignName} - Outreach Tracker`;

/** Column letter of a 0-based index (0 → A, 26 → AA). */
export const columnLetter = (index: number): string => {
  let result = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) result = String.fromCharCode(65 + ((n - 1) % 26)) + result;
  return result;
};
