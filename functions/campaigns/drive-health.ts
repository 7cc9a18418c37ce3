import { recoveryWanted } from '../lib/settings/recovery';
import { healthWithStartupRecovery } from '../lib/campaigns/restore';
import { defineHandler } from '../lib/http/handler';

/** GET /api/campaigns/drive/health → the agency's root folder and campaigns tracker. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({
  success: true,
  ...(await healthWithStartupRecovery(scope, await recoveryWanted(scope, 'skip_on_startup'))),
}));
