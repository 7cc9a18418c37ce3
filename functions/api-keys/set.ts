import { apiKeyBody } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { saveApiKey } from '../lib/identity/api-keys';

/** POST /api/v3/api-keys/set {service, api_key}: validated with the provider, then sealed and stored. */
export const handler = defineHandler('agency', { body: apiKeyBody }, async ({ body, scope }) => {
  await saveApiKey(scope, body.service, body.api_key);
  return { success: true, message: 'API key saved' };
});
