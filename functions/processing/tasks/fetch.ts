import { fetchJobThreads } from '../../lib/processing/fetch-threads';
import { jobRef } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { remainingTime, taskHandler } from '../../lib/tasks/task-handler';

/** Fetch: candidate threads into batch items; the state machine gets `{batches:[{index}], threads_total}`. */
export const handler = taskHandler(async (event, context) => {
  const { agencyName, jobId } = readTaskEvent(event, jobRef);
  return fetchJobThreads(agencyName, jobId, remainingTime(context));
});
