import { processBatch } from '../../lib/processing/batch';
import { runLane } from '../../lib/processing/lanes';
import { countMetric } from '../../lib/observability/metrics';
import { jobTaskInput } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { remainingTime, taskHandler } from '../../lib/tasks/task-handler';

/** What a batch did, counted once it is done (a batch that throws is retried by Step Functions and counted then). */
const counted = async (batch: ReturnType<typeof processBatch>) => {
  const outcome = await batch;
  countMetric('ThreadsProcessed', outcome.processed);
  countMetric('ThreadsFailed', outcome.failed);
  return outcome;
};

/**
 * One turn of a lane's loop (lanes.ts): the lane's batches from `lane.next` on, as many as this
 * invocation's time allows. Returns the loop's next state: the same ids, the lane moved on, `done`.
 */
export const handler = taskHandler(async (event, context) => {
  const { agencyName, jobId, lane } = readTaskEvent(event, jobTaskInput);
  const remaining = remainingTime(context);
  const result = await runLane(lane, (index) => counted(processBatch(agencyName, jobId, index, remaining)), remaining);
  return { agencyName, jobId, ...result };
});
