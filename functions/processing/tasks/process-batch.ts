import type { Context } from 'aws-lambda';
import { processBatch } from '../../lib/processing/batch';
import { runLane } from '../../lib/processing/lanes';
import { readTaskInput, remainingTime } from '../../lib/processing/task-input';

/**
 * One turn of a lane's loop (lanes.ts): the lane's batches from `lane.next` on, as many as this
 * invocation's time allows. Returns the loop's next state: the same ids, the lane moved on, `done`.
 */
export const handler = async (event: unknown, context?: Context) => {
  const { agencyName, jobId, lane } = readTaskInput(event);
  const remaining = remainingTime(context);
  const result = await runLane(lane, (index) => processBatch(agencyName, jobId, index, remaining), remaining);
  return { agencyName, jobId, ...result };
};
