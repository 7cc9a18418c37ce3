import { talentEmailParams, type TalentExportResponse } from '../../shared/schemas/talent-data';
import { defineHandler } from '../lib/http/handler';
import { exportTalentData } from '../lib/talents/export';

/** GET /api/v3/talents/{email}/export (owners only): everything the agency holds about the talent, as JSON; 404 when nothing. */
export const handler = defineHandler('agency', { params: talentEmailParams }, async ({ params, scope }) => ({
  success: true,
  ...(await exportTalentData(scope, params.email)),
}) satisfies TalentExportResponse);
