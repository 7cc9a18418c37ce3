import * as z from 'zod';
import { deleteCampaign } from '../../lib/campaigns/deletion';

const input = z.object({ agencyName: z.string().min(1), campaignId: z.string().min(1) });

/** Async task: removes a campaign marked 'deleting'. Throws on failure so Lambda retries the event. */
export const handler = async (event: unknown): Promise<{ status: string }> => {
  const { agencyName, campaignId } = input.parse(event);
  return { status: await deleteCampaign(agencyName, campaignId) };
};
