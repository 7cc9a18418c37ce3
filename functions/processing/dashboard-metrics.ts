import { defineHandler } from '../lib/http/handler';
import { dashboardMetrics } from '../lib/processing/metrics';
import type { Answer } from '../lib/http/typed';
import type { dashboardMetricsResponse } from '../../shared/schemas/processing';

/** GET /api/v3/metrics: the dashboard's stat cards. */
export const handler = defineHandler('agency', {}, async ({ scope }) => (await dashboardMetrics(scope.agencyName)) satisfies Answer<typeof dashboardMetricsResponse>);
