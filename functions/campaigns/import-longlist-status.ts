import type * as z from 'zod';
import { importIdParams, type longlistImportResponse } from '../../shared/schemas/longlist-import';
import { longlistImportStatus } from '../lib/campaigns/longlist-import-store';
import { defineHandler } from '../lib/http/handler';

/**
 * GET /api/campaigns/import-longlist/{import_id}: the import's progress or result (404 for an
 * import that is not this agency's). A running import whose worker is gone is resumed here.
 */
export const handler = defineHandler('agency', { params: importIdParams }, async ({ params, scope }) =>
  (await longlistImportStatus(scope, params.import_id)) satisfies z.input<typeof longlistImportResponse>,
);
