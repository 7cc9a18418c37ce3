import { syncJobSheets } from '../../lib/processing/sheet-sync';
import { jobRef } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { remainingTime, taskHandler } from '../../lib/tasks/task-handler';

/** SyncSheets: the outreach trackers and campaigns tracker rows of the campaigns this job changed. */
export const handler = taskHandler(async (event, context) => {
  const { agencyName, jobId } = readTaskEvent(event, jobRef);
  return syncJobSheets(agencyName, jobId, remainingTime(context));
});
