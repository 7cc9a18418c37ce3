import { deleteCampaign } from '../../lib/campaigns/deletion';
import { campaignDeletionInput } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { idempotentTask } from '../../lib/tasks/idempotent';
import { taskHandler } from '../../lib/tasks/task-handler';

/** Async task: removes a campaign marked 'deleting'. Throws on failure so Lambda retries the event. */
export const handler = taskHandler(
  idempotentTask('CampaignDeletion', 'dispatchId', async (event): Promise<{ status: string }> => {
    const { agencyName, campaignId } = readTaskEvent(event, campaignDeletionInput);
    return { status: await deleteCampaign(agencyName, campaignId) };
  }),
);
