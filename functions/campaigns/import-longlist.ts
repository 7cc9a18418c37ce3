import type * as z from 'zod';
import { importLonglistBody } from '../../shared/schemas/campaigns';
import type { longlistImportResponse } from '../../shared/schemas/longlist-import';
import { startLonglistImport } from '../lib/campaigns/import-longlist';
import { defineHandler } from '../lib/http/handler';

/**
 * POST /api/campaigns/import-longlist {campaign_id, source_sheet_id, source_tab_name}: checks and
 * reads the sheet, then imports a small one before answering (status succeeded) or answers at
 * once with the import id of a long one that goes on in the background (status running).
 */
export const handler = defineHandler('agency', { body: importLonglistBody }, async ({ body, scope }) =>
  (await startLonglistImport(scope, body)) satisfies z.input<typeof longlistImportResponse>,
);
