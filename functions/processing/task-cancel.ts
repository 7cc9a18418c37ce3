import { taskIdParams } from '../../shared/schemas/processing';
import { defineHandler } from '../lib/http/handler';
import { cancelJob } from '../lib/processing/jobs';
import type { Answer } from '../lib/http/typed';
import type { taskCancelResponse } from '../../shared/schemas/processing';

/** POST /api/v3/task/{task_id}/cancel (404 for a task that is not this agency's) */
export const handler = defineHandler('agency', { params: taskIdParams }, async ({ params, scope }) => {
  const result = await cancelJob(scope, params.task_id);
  return { success: true, task_id: params.task_id, ...result } satisfies Answer<typeof taskCancelResponse>;
});
