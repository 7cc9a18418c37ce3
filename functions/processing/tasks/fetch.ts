import type { Context } from 'aws-lambda';
import { fetchJobThreads } from '../../lib/processing/fetch-threads';
import { readTaskInput, remainingTime } from '../../lib/processing/task-input';

/** Fetch: candidate threads into batch items; the state machine gets `{batches:[{index}], threads_total}`. */
export const handler = async (event: unknown, context?: Context) => {
  const { agencyName, jobId } = readTaskInput(event);
  return fetchJobThreads(agencyName, jobId, remainingTime(context));
};
