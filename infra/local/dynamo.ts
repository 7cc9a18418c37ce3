import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { rekeyLegacyContact } from '../../functions/lib/store/entities/contact';
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

/**
 * Creates the single table from the same definition CDK uses, unless it exists already. A table
 * kept in a data folder from before an index was added to the definition is rebuilt with it
 * (dynalite cannot add an index to a table), its items copied over.
 */
export const ensureTable = async (endpoint: string, tableName: string): Promise<void> => {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const describe = async () => {
    try {
      return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return undefined;
      throw error;
    }
  };
  const waitFor = async (wanted: string | undefined) => {
    // dynalite answers CREATING (or DELETING) first and refuses item calls until the table is ACTIVE.
    for (let waited = 0; (await describe())?.TableStatus !== wanted; waited += 20) {
      if (waited > 10_000) throw new Error(`table ${tableName} did not become ${wanted ?? 'deleted'}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const existing = await describe();
  if (existing === undefined) await create(client, tableName);
  else {
    const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    const missing = Object.values(TABLE_INDEXES).filter((index) => !present.has(index.name));
    if (missing.length) await rebuild(client, tableName, missing.map((index) => index.name), waitFor);
  }
  await waitFor('ACTIVE');
  client.destroy();
};

const rebuild = async (client: DynamoDBClient, tableName: string, missing: string[], waitFor: (status: string | undefined) => Promise<void>) => {
  await waitFor('ACTIVE');
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    // A one-off copy of a local table, not a product read.
    const page = await documents.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  await waitFor(undefined);
  await create(client, tableName);
  await waitFor('ACTIVE');
  let rekeyed = 0;
  const copied = items.map((item) => {
    const contact = rekeyLegacyContact(item);
    if (contact) rekeyed += 1;
    return contact ?? item;
  });
  for (let i = 0; i < copied.length; i += 25) {
    let pending = copied.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt > 20) throw new Error(`rebuilding table ${tableName}: items not written`);
      const { UnprocessedItems } = await documents.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (UnprocessedItems?.[tableName] ?? []).flatMap((request) => (request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : []));
    }
  }
  console.log(`local table ${tableName} rebuilt with index ${missing.join(', ')}: ${copied.length} items copied, ${rekeyed} contacts re-keyed per campaign`);
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
