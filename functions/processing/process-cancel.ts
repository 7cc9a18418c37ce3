import { defineHandler } from '../lib/http/handler';
import { cancelActiveJob } from '../lib/processing/jobs';

/** POST /api/v3/process/cancel: cancels the agency's running job, if any. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({ success: true, ...(await cancelActiveJob(scope)) }));
