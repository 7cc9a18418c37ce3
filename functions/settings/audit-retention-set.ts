import { auditRetentionBody, type auditRetentionResponse } from '../../shared/schemas/settings';
import { setAuditRetentionDays } from '../lib/audit/retention-setting';
import { defineHandler } from '../lib/http/handler';
import type { Answer } from '../lib/http/typed';

/** POST /api/v3/settings/audit-retention {retention_days} (owners only): events recorded from now on expire after it. */
export const handler = defineHandler('agency', { body: auditRetentionBody }, async ({ body, scope }) => ({
  success: true,
  retention_days: await setAuditRetentionDays(scope, body.retention_days),
}) satisfies Answer<typeof auditRetentionResponse>);
