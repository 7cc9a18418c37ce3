import { confirmBody } from '../../shared/schemas/campaigns';
import { deleteAgencyRoot } from '../lib/campaigns/restore';
import { defineHandler } from '../lib/http/handler';
import { Forbidden } from '../lib/http/errors';
import type { Answer } from '../lib/http/typed';
import type { driveRootDeleteResponse } from '../../shared/schemas/campaigns';

/** POST /api/campaigns/threadline/delete {confirm:true}: owners only, it removes every campaign's files. */
export const handler = defineHandler('agency', { body: confirmBody }, async ({ scope }) => {
  if (scope.role !== 'owner') throw new Forbidden("Only owners can delete the agency's Drive folder");
  await deleteAgencyRoot(scope);
  return { success: true, message: 'The Threadline folder was deleted' } satisfies Answer<typeof driveRootDeleteResponse>;
});
