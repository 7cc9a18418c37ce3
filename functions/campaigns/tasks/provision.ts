import { provisionCampaign } from '../../lib/campaigns/provision';
import { restoreAgencyDrive } from '../../lib/campaigns/restore';
import { taskScope } from '../../lib/session/resolve';
import { campaignProvisionInput } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { idempotentTask } from '../../lib/tasks/idempotent';
import { taskHandler } from '../../lib/tasks/task-handler';

/**
 * The Drive worker (async task): creates one campaign's Drive assets, or restores the agency's
 * whole Drive (root folder, tracker, campaigns whose folder is gone). Throws on failure so Lambda
 * retries the event; both jobs are idempotent.
 */
export const handler = taskHandler(
  idempotentTask('CampaignProvision', 'dispatchId', async (event): Promise<{ status: string }> => {
    const task = readTaskEvent(event, campaignProvisionInput);
    if ('restoreDrive' in task) {
      const health = await restoreAgencyDrive(taskScope(task.agencyName, 'drive-restore'));
      return { status: health.healthy ? 'restored' : 'unhealthy' };
    }
    return { status: await provisionCampaign(task.agencyName, task.campaignId, { recover: task.recover }) };
  }),
);
