import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One DocumentClient per process. DYNAMODB_ENDPOINT points it at dynalite locally; on AWS the
 * default endpoint and the function's role apply.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export const tableName = (): string => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};

export const dynamoClient = (): DynamoDBDocumentClient => {
  documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      ...(process.env.DYNAMODB_ENDPOINT
        ? {
            endpoint: process.env.DYNAMODB_ENDPOINT,
            region: process.env.AWS_REGION ?? 'local',
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          }
        : {}),
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
};

/** Tests and the local runtime point the process at another table or endpoint. */
export const resetDynamoClient = (): void => {
  documentClient = undefined;
};
