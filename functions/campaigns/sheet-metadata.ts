import { sheetMetadataQuery, type sheetMetadataResponse } from '../../shared/schemas/campaigns';
import type * as z from 'zod';
import { sheetMetadata } from '../lib/campaigns/import-longlist';
import { defineHandler } from '../lib/http/handler';

/** GET /api/campaigns/sheet-metadata?sheet_id= → the spreadsheet's name and tabs. */
export const handler = defineHandler('agency', { query: sheetMetadataQuery }, async ({ query, scope }) => {
  const data = await sheetMetadata(scope, query.sheet_id);
  return { success: true, status: 'success', message: `Found: ${data.spreadsheet_name}`, data } satisfies z.input<typeof sheetMetadataResponse>;
});
