import { defineHandler } from '../lib/http/handler';
import { hasApiKey } from '../lib/identity/api-keys';
import type { Answer } from '../lib/http/typed';
import type { apiKeyStatusResponse } from '../../shared/schemas/identity';

/** GET /api/v3/api-keys/status → {openai: boolean}. */
export const handler = defineHandler('agency', {}, async ({ scope }) => ({
  success: true,
  openai: await hasApiKey(scope, 'openai'),
}) satisfies Answer<typeof apiKeyStatusResponse>);
