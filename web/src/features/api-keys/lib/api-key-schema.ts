import { apiKeyField } from '../../../../../shared/schemas/identity';
import { z } from '../../../lib/zod';

/**
 * The API-key screen's form: the key is trimmed, then checked by the server's own rules
 * (shared/schemas/identity.ts apiKeyProblem), the first rule it breaks naming the problem.
 */
export const apiKeySchema = z.object({ apiKey: apiKeyField });

export type ApiKeyForm = z.input<typeof apiKeySchema>;
