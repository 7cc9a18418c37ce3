import { messages } from '../../shared/messages';
import { apiKeyBody } from '../../shared/schemas/identity';
import { defineHandler } from '../lib/http/handler';
import { saveApiKey } from '../lib/identity/api-keys';
import { requireOwner } from '../lib/identity/roles';
import type { Answer } from '../lib/http/typed';
import type { messageResponse } from '../../shared/schemas/identity';

/** POST /api/v3/api-keys/set {service, api_key} (owners only): validated with the provider, then sealed and stored. */
export const handler = defineHandler('agency', { body: apiKeyBody }, async ({ body, scope }) => {
  requireOwner(scope, messages.roles.ownerOnly.setApiKey);
  await saveApiKey(scope, body.service, body.api_key);
  return { success: true, message: 'API key saved' } satisfies Answer<typeof messageResponse>;
});
