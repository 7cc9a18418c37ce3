import { ParameterNotFoundError } from '@aws-lambda-powertools/parameters/errors';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { perPlatform, platform } from './platform';
import type { SecretId, SecretReader } from './ports';

/**
 * Run-time secrets. A secret in a Lambda's environment is plain text to anyone allowed
 * lambda:GetFunctionConfiguration, so the environment names the secret and the function reads it
 * from Secrets Manager (Powertools Parameters), granted secretsmanager:GetSecretValue on that one
 * secret (infra/stacks/grants.ts). The local runtime installs a reader answering from its own values.
 */

/** The environment variable naming each secret (its SecretId: name or ARN), set by CDK for the functions granted it. */
export const SECRET_ID_ENV: Readonly<Record<SecretId, string>> = { googleClientSecret: 'GOOGLE_CLIENT_SECRET_ID' };

/**
 * How long a warm Lambda reuses a value before it asks Secrets Manager again: one request per
 * five minutes rather than one per refresh, and a rotated secret is picked up within that time.
 */
export const SECRET_MAX_AGE_SECONDS = 300;

/** The secret is not configured or has no text value: the deployment's to fix, not worth a retry. */
export class SecretUnavailable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SecretUnavailable';
  }
}

// Its cache belongs to one platform, as the other clients do (a warm Lambda keeps one). Marked
// pure so a bundle that imports this module and never reads a secret (auth.ts for its config
// alone) drops the Secrets Manager client (~19 KB).
const secretsProvider = /* @__PURE__ */ perPlatform(() => new SecretsProvider());

const fromSecretsManager: SecretReader = async (id) => {
  const envName = SECRET_ID_ENV[id];
  const secretId = process.env[envName];
  if (!secretId) throw new SecretUnavailable(`${envName} is not set: this function is not granted the ${id} secret (infra/stacks/permissions.ts)`);
  let value: string | Uint8Array | undefined;
  try {
    value = await secretsProvider().get(secretId, { maxAge: SECRET_MAX_AGE_SECONDS, throwOnMissing: true });
  } catch (error) {
    if (error instanceof ParameterNotFoundError) throw new SecretUnavailable(`Secrets Manager has no secret ${secretId} (${envName}), or it has no value`, { cause: error });
    throw error;
  }
  if (typeof value !== 'string') throw new SecretUnavailable(`The secret ${secretId} (${envName}) is binary; a plain-text value is expected`);
  return value;
};

/** A secret's value: from the installed platform's reader, else from Secrets Manager (cached per warm Lambda). */
export const readSecret: SecretReader = (id) => (platform().readSecret ?? fromSecretsManager)(id);
