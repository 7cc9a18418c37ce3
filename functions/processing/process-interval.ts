import { intervalBody } from '../../shared/schemas/processing';
import { defineHandler } from '../lib/http/handler';
import { startInterval } from '../lib/processing/start';
import type { Answer } from '../lib/http/typed';
import type { startedResponse } from '../../shared/schemas/processing';

/** POST /api/v3/process/interval {start_date, end_date} → task_id */
export const handler = defineHandler('agency', { body: intervalBody }, async ({ body, scope }) => (await startInterval(scope, body)) satisfies Answer<typeof startedResponse>);
