import { z } from 'zod';
import { provisionCampaign } from '../../lib/campaigns/provision';

const input = z.object({ agencyName: z.string().min(1), campaignId: z.string().min(1) });

/** Async task: creates a campaign's Drive assets. Throws on failure so Lambda retries the event. */
export const handler = async (event: unknown): Promise<{ status: string }> => {
  const { agencyName, campaignId } = input.parse(event);
  return { status: await provisionCampaign(agencyName, campaignId) };
};
