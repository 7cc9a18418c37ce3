import { defineHandler } from '../lib/http/handler';
import { monitorMetrics } from '../lib/processing/metrics';

/** GET /api/v3/monitor/metrics: the monitor's last and next check for the dashboard. */
export const handler = defineHandler('agency', {}, async ({ scope }) => monitorMetrics(scope.agencyName));
