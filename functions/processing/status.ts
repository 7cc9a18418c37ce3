import { defineHandler } from '../lib/http/handler';
import { processingStatus } from '../lib/processing/status';
import type { Answer } from '../lib/http/typed';
import type { processingStatusResponse } from '../../shared/schemas/processing';

/** GET /api/v3/status: the running (or just ended) job, polled every second by the status bar. */
export const handler = defineHandler('agency', {}, async ({ scope }) => (await processingStatus(scope.agencyName)) satisfies Answer<typeof processingStatusResponse>);
