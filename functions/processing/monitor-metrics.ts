import { defineHandler } from '../lib/http/handler';
import { monitorMetrics } from '../lib/processing/metrics';
import type { Answer } from '../lib/http/typed';
import type { monitorMetricsResponse } from '../../shared/schemas/processing';

/** GET /api/v3/monitor/metrics: the monitor's last and next check for the dashboard. */
export const handler = defineHandler('agency', {}, async ({ scope }) => (await monitorMetrics(scope.agencyName)) satisfies Answer<typeof monitorMetricsResponse>);
