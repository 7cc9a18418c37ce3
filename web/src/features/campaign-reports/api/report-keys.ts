/** Query keys of the reports: one per campaign. */
export const reportKeys = {
  all: ['reports'] as const,
  campaign: (campaignId: string) => [...reportKeys.all, 'campaign', campaignId] as const,
};
