/**
 * What the product writes into Drive for a campaign: names, tabs and header rows. The
 * processing issue fills the outreach tracker with the same columns.
 */
export const INFLUENCER_LIST_TAB = 'Influencers';
/**
 * The influencer list's columns. "Tracking" (last) says whether the contact is tracked:
 * "Tracking", "Paused" or "Removed". Lists made before it moved last hold it as the fourth
 * column; the list code finds every column by its header, so both layouts keep working.
 */
export const INFLUENCER_LIST_HEADERS = ['Talent Name', 'Email', 'Manager', 'Source', 'Added At', 'Tracking'] as const;
export const INFLUENCER_TRACKING_STATES = { tracking: 'Tracking', paused: 'Paused', removed: 'Removed' } as const;
export type InfluencerTrackingState = (typeof INFLUENCER_TRACKING_STATES)[keyof typeof INFLUENCER_TRACKING_STATES];

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
  'Latest Fee',
  'Next Key Date',
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
