import { recordAudit } from '../audit/record';
import { messages } from '../../../shared/messages';
import { apiKeyProblem, IDENTITY_MESSAGES } from '../../../shared/schemas/identity';
import { validateOpenAIKey } from '../ai/key-check';
import { openSecret, sealSecret } from '../crypto/envelope';
import { BadRequest, rateLimited } from '../http/errors';
import type { AgencyScope } from '../session/resolve';
import { apiKeyContext, apiKeyEntity } from '../store/entities/api-key';
import { nowIso } from '../store/keys';
import { takeSlot, type RateRule } from '../store/rate-limit';
import { requireOwner } from './roles';

export type KeyCheck = { valid: boolean; message: string };

/**
 * Keys an agency may have checked with the provider in a minute (validate and set together): the
 * route would otherwise test stolen keys for anyone with a session. Shape errors are not counted.
 */
export const KEY_CHECKS_PER_AGENCY_PER_MINUTE = 10;
const KEY_CHECKS: RateRule = { name: 'key-checks', limit: KEY_CHECKS_PER_AGENCY_PER_MINUTE, windowSeconds: 60 };

/** Shape rules first (spec section 5), then the provider itself (throttled per agency). The key is never logged. */
export const checkApiKey = async (scope: AgencyScope, apiKey: string): Promise<KeyCheck> => {
  const problem = apiKeyProblem(apiKey);
  if (problem) return { valid: false, message: problem };
  const slot = await takeSlot(KEY_CHECKS, scope.agencyName);
  if (!slot.allowed) throw rateLimited(messages.limits.apiKeyChecks(messages.limits.wait(slot.retryAfterSeconds)), slot.retryAfterSeconds);
  const result = await validateOpenAIKey(apiKey);
  return { valid: Boolean(result.valid), message: result.message || (result.valid ? 'API key is valid' : IDENTITY_MESSAGES.apiKey.serverDefault) };
};

export const saveApiKey = async (scope: AgencyScope, service: 'openai', apiKey: string): Promise<void> => {
  requireOwner(scope, messages.roles.ownerOnly.setApiKey);
  const check = await checkApiKey(scope, apiKey);
  if (!check.valid) throw new BadRequest(check.message);
  const sealed = await sealSecret(apiKey, apiKeyContext(scope.agencyName, service));
  const replaced = await hasApiKey(scope, service);
  await apiKeyEntity.put({ agencyName: scope.agencyName, service, sealed, setBy: scope.email, updatedAt: nowIso() }).go({ response: 'none' });
  // Never the key: that one was set or replaced, and its last four characters to tell keys apart.
  await recordAudit(scope, { kind: 'api_key.set', target: service, changes: [{ field: 'openai_key', before: replaced ? 'set' : 'not set', after: `replaced (…${apiKey.slice(-4)})` }] });
};

export const hasApiKey = async (scope: AgencyScope, service: 'openai'): Promise<boolean> => {
  const { data } = await apiKeyEntity.get({ agencyName: scope.agencyName, service }).go({ attributes: ['agencyName'] });
  return Boolean(data);
};

/** For the processing code: the agency's key in plaintext, or undefined when none is set. */
export const readApiKey = async (agencyName: string, service: 'openai' = 'openai'): Promise<string | undefined> => {
  const { data } = await apiKeyEntity.get({ agencyName, service }).go();
  return data ? openSecret(data.sealed, apiKeyContext(agencyName, service)) : undefined;
};
