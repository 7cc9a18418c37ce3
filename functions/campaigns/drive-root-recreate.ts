import { confirmBody } from '../../shared/schemas/campaigns';
import { dispatchAsync } from '../lib/async/dispatch';
import { recordAudit } from '../lib/audit/record';
import { defineHandler } from '../lib/http/handler';
import { DRIVE_ROOT_OWNERS_ONLY, requireOwner } from '../lib/identity/roles';
import type { Answer } from '../lib/http/typed';
import type { driveRootRecreateResponse } from '../../shared/schemas/campaigns';

/**
 * POST /api/campaigns/threadline/recreate {confirm:true}: the Drive worker puts back the root
 * folder, the tracker and every campaign's assets; the screens follow it through drive health,
 * which they poll every 2 s while it is unhealthy. Owners only, like the folder's deletion.
 */
export const handler = defineHandler('agency', { body: confirmBody }, async ({ scope }) => {
  requireOwner(scope, DRIVE_ROOT_OWNERS_ONLY);
  await dispatchAsync('CampaignProvision', { agencyName: scope.agencyName, restoreDrive: true });
  await recordAudit(scope, { kind: 'drive.recreate', target: 'Threadline folder', changes: [{ field: 'folder', before: null, after: 'recreating' }] });
  return { success: true, status: 'recreating', message: 'The Threadline folder is being recreated' } satisfies Answer<typeof driveRootRecreateResponse>;
});
