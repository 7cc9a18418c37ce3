import { eraseTalentBody, type TalentEraseResponse } from '../../shared/schemas/talent-data';
import { defineHandler } from '../lib/http/handler';
import { eraseTalent } from '../lib/talents/erase';

/** POST /api/v3/talents/erase {email} (owners only): erases the talent across campaigns, conversations, messages and sheets; 404 when nothing is held. */
export const handler = defineHandler('agency', { body: eraseTalentBody }, async ({ body, scope }) => ({
  success: true,
  ...(await eraseTalent(scope, body.email)),
}) satisfies TalentEraseResponse);
