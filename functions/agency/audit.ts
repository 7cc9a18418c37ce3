import { auditListQuery, type auditListResponse } from '../../shared/schemas/audit';
import { listAuditEvents } from '../lib/audit/list';
import { defineHandler } from '../lib/http/handler';
import type { Answer } from '../lib/http/typed';

/** GET /api/v3/audit?person&campaign_id&contact_email&kind&cursor&limit (owners only): the activity log, newest first. */
export const handler = defineHandler('agency', { query: auditListQuery }, async ({ query, scope }) => ({
  success: true,
  ...(await listAuditEvents(scope, query)),
}) satisfies Answer<typeof auditListResponse>);
