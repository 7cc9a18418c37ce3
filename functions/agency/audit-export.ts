import { auditExportQuery } from '../../shared/schemas/audit';
import { exportAuditCsv } from '../lib/audit/list';
import { defineHandler } from '../lib/http/handler';
import { asResult } from '../lib/http/respond';

/** GET /api/v3/audit/export?person&campaign_id&contact_email&kind (owners only): the matching events as a CSV file. */
export const handler = defineHandler('agency', { query: auditExportQuery }, async ({ query, scope }) =>
  asResult({
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="threadline-activity-${scope.agencyName}.csv"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    body: await exportAuditCsv(scope, query),
  }),
);
