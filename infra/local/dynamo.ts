import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { TABLE_INDEXES, TABLE_KEYS } from '../../functions/lib/store/table-definition';

export type LocalDynamo = { endpoint: string; close(): Promise<void> };

/** dynalite persisted under `path` (LevelDB), on loopback. */
export const startDynalite = async (path: string, host = '127.0.0.1'): Promise<LocalDynamo> => {
  mkdirSync(path, { recursive: true });
  const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Creates the single table from the same definition CDK uses, unless it exists already. */
export const ensureTable = async (endpoint: string, tableName: string): Promise<void> => {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const status = async () => {
    try {
      return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.TableStatus;
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return undefined;
      throw error;
    }
  };
  if ((await status()) === undefined) await create(client, tableName);
  // dynalite answers CREATING first and refuses item calls until the table is ACTIVE.
  for (let waited = 0; (await status()) !== 'ACTIVE'; waited += 20) {
    if (waited > 10_000) throw new Error(`table ${tableName} did not become ACTIVE`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  client.destroy();
};

const create = async (client: DynamoDBClient, tableName: string) => {
  const indexes = Object.values(TABLE_INDEXES);
  const attributes = [TABLE_KEYS.pk, TABLE_KEYS.sk, ...indexes.flatMap((index) => [index.pk, index.sk])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.pk, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sk, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.pk, KeyType: 'HASH' },
          { AttributeName: index.sk, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
};
