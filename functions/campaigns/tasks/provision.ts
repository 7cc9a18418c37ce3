import * as z from 'zod';
import { provisionCampaign } from '../../lib/campaigns/provision';
import { restoreAgencyDrive } from '../../lib/campaigns/restore';
import type { AgencyScope } from '../../lib/session/resolve';

/**
 * The Drive worker (async task): creates one campaign's Drive assets, or restores the agency's
 * whole Drive (root folder, tracker, campaigns whose folder is gone). Throws on failure so Lambda
 * retries the event; both jobs are idempotent.
 */
const input = z.union([
  z.object({ agencyName: z.string().min(1), campaignId: z.string().min(1), recover: z.boolean().optional() }),
  z.object({ agencyName: z.string().min(1), restoreDrive: z.literal(true) }),
]);

export const handler = async (event: unknown): Promise<{ status: string }> => {
  const task = input.parse(event);
  if ('restoreDrive' in task) {
    const health = await restoreAgencyDrive({ agencyName: task.agencyName } as AgencyScope);
    return { status: health.healthy ? 'restored' : 'unhealthy' };
  }
  return { status: await provisionCampaign(task.agencyName, task.campaignId, { recover: task.recover }) };
};
