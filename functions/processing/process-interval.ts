import { intervalBody } from '../../shared/schemas/processing';
import { defineHandler } from '../lib/http/handler';
import { startInterval } from '../lib/processing/start';

/** POST /api/v3/process/interval {start_date, end_date} → task_id */
export const handler = defineHandler('agency', { body: intervalBody }, async ({ body, scope }) => startInterval(scope, body));
