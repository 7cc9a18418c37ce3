import { recoveryWanted } from '../lib/settings/recovery';
import { healthWithStartupRecovery } from '../lib/campaigns/restore';
import { defineHandler } from '../lib/http/handler';
import type { Answer } from '../lib/http/typed';
import type { driveHealthResponse } from '../../shared/schemas/campaigns';

/** GET /api/campaigns/drive/health → the agency's root folder and campaigns tracker. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({
  success: true,
  ...(await healthWithStartupRecovery(scope, await recoveryWanted(scope, 'skip_on_startup'))),
}) satisfies Answer<typeof driveHealthResponse>);
