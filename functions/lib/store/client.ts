import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { perPlatform, platform } from '../platform/platform';

export const tableName = (): string => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};

/**
 * One DocumentClient per process (per installed platform). DYNAMODB_ENDPOINT points it at another
 * endpoint (dynalite locally); on AWS the default endpoint and the function's role apply.
 */
export const dynamoClient: () => DynamoDBDocumentClient = perPlatform(() => {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  const client = new DynamoDBClient({
    ...(endpoint ? { endpoint, region: process.env.AWS_REGION ?? 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  platform().instrumentDynamo?.(client);
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
});
