import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AsyncDispatcher, Mailer, SecretReader, WorkflowEngine } from './ports';

export type SecretsAction = 'kms:GenerateDataKey' | 'kms:Decrypt';

/**
 * The one seam through which a runtime other than AWS Lambda (infra/local) supplies its own
 * transports. On AWS nothing is installed and every default is the AWS service, so product code
 * holds no emulator, outbox or key-file knowledge and no per-module test hooks.
 */
export type Platform = {
  mailer?: Mailer;
  workflowEngine?: WorkflowEngine;
  asyncDispatcher?: AsyncDispatcher;
  /** instruments each DynamoDB client the process creates (the local runtime enforces grants) */
  instrumentDynamo?: (client: DynamoDBClient) => void;
  /** called before each use of KMS (the local runtime enforces grants) */
  guardSecrets?: (action: SecretsAction) => void;
  /** the data key that seals secrets where there is no KMS (a local key file) */
  localDataKey?: () => Buffer;
  /** answers run-time secrets where there is no Secrets Manager (the local runtime's own values, grants enforced) */
  readSecret?: SecretReader;
};

let current: Platform = {};
let generation = 0;

/** A runtime installs its platform once at start and `{}` when it closes. */
export const installPlatform = (next: Platform): void => {
  current = next;
  generation += 1;
};

export const platform = (): Platform => current;

/**
 * A value built once per installed platform (a warm Lambda builds it once). Per-process caches
 * (clients, configuration read from the environment, opened keys) belong to one platform: they
 * are rebuilt when another runtime has been installed.
 */
export const perPlatform = <T>(build: () => T): (() => T) => {
  let cached: { generation: number; value: T } | undefined;
  return () => {
    if (cached?.generation !== generation) cached = { generation, value: build() };
    return cached.value;
  };
};
