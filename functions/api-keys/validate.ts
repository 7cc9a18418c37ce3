import { apiKeyBody } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { checkApiKey } from '../lib/identity/api-keys';
import type { Answer } from '../lib/http/typed';
import type { apiKeyValidateResponse } from '../../shared/schemas/identity';

/** POST /api/v3/api-keys/validate {service, api_key} → {valid, message}; a bad key is still 200, too many checks 429. */
export const handler = defineHandler('agency', { body: apiKeyBody }, async ({ body, scope }) => {
  const check = await checkApiKey(scope, body.api_key);
  return { success: true, valid: check.valid, message: check.message } satisfies Answer<typeof apiKeyValidateResponse>;
});
