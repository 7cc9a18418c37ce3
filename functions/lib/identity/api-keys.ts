import { apiKeyProblem, IDENTITY_MESSAGES } from '../../../shared/schemas/identity';
import { validateOpenAIKey } from '../ai/key-check';
import { openSecret, sealSecret } from '../crypto/envelope';
import { BadRequest } from '../http/errors';
import type { AgencyScope } from '../session/resolve';
import { apiKeyContext, apiKeyEntity } from '../store/entities/api-key';
import { nowIso } from '../store/keys';

export type KeyCheck = { valid: boolean; message: string };

/** Shape rules first (spec section 5), then the provider itself. The key is never logged. */
export const checkApiKey = async (apiKey: string): Promise<KeyCheck> => {
  const problem = apiKeyProblem(apiKey);
  if (problem) return { valid: false, message: problem };
  const result = await validateOpenAIKey(apiKey);
  return { valid: Boolean(result.valid), message: result.message || (result.valid ? 'API key is valid' : IDENTITY_MESSAGES.apiKey.serverDefault) };
};

export const saveApiKey = async (scope: AgencyScope, service: 'openai', apiKey: string): Promise<void> => {
  const check = await checkApiKey(apiKey);
  if (!check.valid) throw new BadRequest(check.message);
  const sealed = await sealSecret(apiKey, apiKeyContext(scope.agencyName, service));
  await apiKeyEntity().put({ agencyName: scope.agencyName, service, sealed, setBy: scope.email, updatedAt: nowIso() }).go({ response: 'none' });
};

export const hasApiKey = async (scope: AgencyScope, service: 'openai'): Promise<boolean> => {
  const { data } = await apiKeyEntity().get({ agencyName: scope.agencyName, service }).go({ attributes: ['agencyName'] });
  return Boolean(data);
};

/** For the processing code: the agency's key in plaintext, or undefined when none is set. */
export const readApiKey = async (agencyName: string, service: 'openai' = 'openai'): Promise<string | undefined> => {
  const { data } = await apiKeyEntity().get({ agencyName, service }).go();
  return data ? openSecret(data.sealed, apiKeyContext(agencyName, service)) : undefined;
};
