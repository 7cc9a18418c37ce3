import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EntityConfiguration } from 'electrodb';
import { perPlatform, platform } from '../platform/platform';

/** The table's name where the local runtime (dynalite) creates it. */
export const LOCAL_TABLE_NAME = 'threadline';

/**
 * Read once, when the store is first imported: Lambda sets TABLE_NAME before any code runs (the
 * function construct sets it on every function, test/infra asserts it); the local runtime creates
 * LOCAL_TABLE_NAME and only moves the endpoint from one runtime to the next.
 */
export const TABLE_NAME = process.env.TABLE_NAME ?? LOCAL_TABLE_NAME;

/**
 * One DocumentClient per process (per installed platform). DYNAMODB_ENDPOINT points it at another
 * endpoint (dynalite locally); on AWS the default endpoint and the function's role apply.
 */
export const dynamoClient: () => DynamoDBDocumentClient = perPlatform(() =>
  DynamoDBDocumentClient.from(rawDynamoClient(), { marshallOptions: { removeUndefinedValues: true } }),
);

/** The DynamoDBClient under it, for libraries that send plain DynamoDB commands (Powertools idempotency). */
export const rawDynamoClient: () => DynamoDBClient = perPlatform(() => {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  const client = new DynamoDBClient({
    ...(endpoint ? { endpoint, region: process.env.AWS_REGION ?? 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  platform().instrumentDynamo?.(client);
  return client;
});

/**
 * What every entity is built with, once, at module level. The client resolves the process's
 * DocumentClient on each call, so an entity defined at import time follows the installed
 * platform (a local runtime started after the import) without being rebuilt.
 */
export const storeConfig = {
  client: { send: (command: Parameters<DynamoDBDocumentClient['send']>[0], options?: Parameters<DynamoDBDocumentClient['send']>[1]) => dynamoClient().send(command, options) },
  table: TABLE_NAME,
} satisfies EntityConfiguration;
