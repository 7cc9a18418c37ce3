import { confirmBody } from '../../shared/schemas/campaigns';
import { deleteAgencyRoot } from '../lib/campaigns/restore';
import { defineHandler } from '../lib/http/handler';
import { DRIVE_ROOT_OWNERS_ONLY, requireOwner } from '../lib/identity/roles';
import type { Answer } from '../lib/http/typed';
import type { driveRootDeleteResponse } from '../../shared/schemas/campaigns';

/** POST /api/campaigns/threadline/delete {confirm:true}: owners only, it removes every campaign's files. */
export const handler = defineHandler('agency', { body: confirmBody }, async ({ scope }) => {
  requireOwner(scope, DRIVE_ROOT_OWNERS_ONLY);
  await deleteAgencyRoot(scope);
  return { success: true, message: 'The Threadline folder was deleted' } satisfies Answer<typeof driveRootDeleteResponse>;
});
