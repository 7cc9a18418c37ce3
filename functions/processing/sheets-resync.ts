import type * as z from 'zod';
import type { sheetsResyncResponse } from '../../shared/schemas/processing';
import { defineHandler } from '../lib/http/handler';
import { startSheetsResync } from '../lib/processing/start';

/** POST /api/v3/sheets/resync → task_id of a sheets-only job (409 while another job runs). */
export const handler = defineHandler('agency', {}, async ({ scope }) => (await startSheetsResync(scope)) satisfies z.input<typeof sheetsResyncResponse>);
