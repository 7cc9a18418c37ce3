import { defineHandler } from '../lib/http/handler';
import { cancelActiveJob } from '../lib/processing/jobs';
import type { Answer } from '../lib/http/typed';
import type { processCancelResponse } from '../../shared/schemas/processing';

/** POST /api/v3/process/cancel: cancels the agency's running job, if any. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({ success: true, ...(await cancelActiveJob(scope)) }) satisfies Answer<typeof processCancelResponse>);
