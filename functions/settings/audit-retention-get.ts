import type { auditRetentionResponse } from '../../shared/schemas/settings';
import { auditRetentionDays } from '../lib/audit/retention';
import { defineHandler } from '../lib/http/handler';
import type { Answer } from '../lib/http/typed';

/** GET /api/v3/settings/audit-retention → how many days activity is kept. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({
  success: true,
  retention_days: await auditRetentionDays(scope.agencyName),
}) satisfies Answer<typeof auditRetentionResponse>);
