import { defineHandler } from '../lib/http/handler';
import { hasApiKey } from '../lib/identity/api-keys';

/** GET /api/v3/api-keys/status → {openai: boolean}. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({
  success: true,
  openai: await hasApiKey(scope, 'openai'),
}));
