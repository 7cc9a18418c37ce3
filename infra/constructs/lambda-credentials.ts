/**
 * Stands in for @aws-sdk/credential-provider-node in the Lambda bundles. A Lambda function's
 * credentials are always its role's, handed over in environment variables; the default chain's
 * other sources (SSO, ini files, process, web identity, instance metadata) never apply there and
 * cost ~90 KB per bundle (their STS/SSO clients). Local runs and tests are not bundled and keep
 * the full chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
