import { defineHandler } from '../lib/http/handler';
import { processingStatus } from '../lib/processing/status';
import { readPulse } from '../lib/store/pulse';
import type { Answer } from '../lib/http/typed';
import type { processingStatusResponse } from '../../shared/schemas/processing';

/**
 * GET /api/v3/status: the running (or just ended) job, polled every second by the status bar
 * while a job runs; idle, it also carries the agency's change counters, so open screens refetch
 * what changed.
 */
export const handler = defineHandler('agency', {}, async ({ scope }) => {
  const [status, changes] = await Promise.all([processingStatus(scope.agencyName), readPulse(scope.agencyName)]);
  return { ...status, changes } satisfies Answer<typeof processingStatusResponse>;
});
