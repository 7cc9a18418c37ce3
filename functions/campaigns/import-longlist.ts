import { importLonglistBody, type importLonglistResponse } from '../../shared/schemas/campaigns';
import type * as z from 'zod';
import { importLonglist } from '../lib/campaigns/import-longlist';
import { defineHandler } from '../lib/http/handler';

/** POST /api/campaigns/import-longlist {campaign_id, source_sheet_id, source_tab_name} */
export const handler = defineHandler('agency', { body: importLonglistBody }, async ({ body, scope }) => ({
  success: true,
  ...(await importLonglist(scope, body)),
}) satisfies z.input<typeof importLonglistResponse>);
