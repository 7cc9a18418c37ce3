import { confirmBody } from '../../shared/schemas/campaigns';
import { restoreAgencyDrive } from '../lib/campaigns/restore';
import { defineHandler } from '../lib/http/handler';

/** POST /api/campaigns/threadline/recreate {confirm:true}: puts back the root folder, tracker and campaign assets. */
export const handler = defineHandler('agency', { body: confirmBody }, async ({ scope }) => ({
  success: true,
  message: 'The Threadline folder was recreated',
  ...(await restoreAgencyDrive(scope)),
}));
