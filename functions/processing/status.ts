import { defineHandler } from '../lib/http/handler';
import { processingStatus } from '../lib/processing/status';

/** GET /api/v3/status: the running (or just ended) job, polled every second by the status bar. */
export const handler = defineHandler('agency', {}, async ({ scope }) => processingStatus(scope.agencyName));
