import type { Context } from 'aws-lambda';
import { syncJobSheets } from '../../lib/processing/sheet-sync';
import { readTaskInput, remainingTime } from '../../lib/processing/task-input';

/** SyncSheets: the outreach trackers and campaigns tracker rows of the campaigns this job changed. */
export const handler = async (event: unknown, context?: Context) => {
  const { agencyName, jobId } = readTaskInput(event);
  return syncJobSheets(agencyName, jobId, remainingTime(context));
};
