import { defineHandler } from '../lib/http/handler';
import { dashboardMetrics } from '../lib/processing/metrics';

/** GET /api/v3/metrics: the dashboard's stat cards. */
export const handler = defineHandler('agency', {}, async ({ scope }) => dashboardMetrics(scope.agencyName));
