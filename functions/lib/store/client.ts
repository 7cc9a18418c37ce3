import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One DocumentClient per process. DYNAMODB_ENDPOINT points it at dynalite locally; on AWS the
 * default endpoint and the function's role apply.
 */
let documentClient: DynamoDBDocumentClient | undefined;

/** The local runtime instruments the client it creates (grant enforcement); unset on AWS. */
let clientHook: ((client: DynamoDBClient) => void) | undefined;

export const setDynamoClientHook = (hook: ((client: DynamoDBClient) => void) | undefined): void => {
  clientHook = hook;
  documentClient = undefined;
};

export const tableName = (): string => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};

export const dynamoClient = (): DynamoDBDocumentClient => {
  if (documentClient) return documentClient;
  const client = new DynamoDBClient({
      ...(process.env.DYNAMODB_ENDPOINT
        ? {
            endpoint: process.env.DYNAMODB_ENDPOINT,
            region: process.env.AWS_REGION ?? 'local',
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          }
        : {}),
  });
  clientHook?.(client);
  documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return documentClient;
};

/** Tests and the local runtime point the process at another table or endpoint. */
export const resetDynamoClient = (): void => {
  documentClient = undefined;
};
