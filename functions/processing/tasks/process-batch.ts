import type { Context } from 'aws-lambda';
import { processBatch } from '../../lib/processing/batch';
import { readTaskInput, remainingTime } from '../../lib/processing/task-input';

/** One Map item: the threads of batch `batch.index`. */
export const handler = async (event: unknown, context?: Context) => {
  const { agencyName, jobId, batch } = readTaskInput(event);
  return processBatch(agencyName, jobId, Number(batch?.index ?? 0), remainingTime(context));
};
