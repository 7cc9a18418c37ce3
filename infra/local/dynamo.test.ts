import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_INDEXES, TABLE_KEYS } from '../../functions/lib/store/table-definition';
import { ensureTable, startDynalite, type LocalDynamo } from './dynamo';

const ALL_INDEXES = Object.values(TABLE_INDEXES)
  .map((index) => index.name)
  .sort();

describe('local table', () => {
  let dir: string;
  let dynamo: LocalDynamo;
  let client: DynamoDBClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'threadline-dynamo-'));
    dynamo = await startDynalite(join(dir, 'dynamodb'));
    client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  });
  afterAll(async () => {
    client?.destroy();
    await dynamo?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const describeTable = async (table: string) => (await client.send(new DescribeTableCommand({ TableName: table }))).Table;
  const indexNames = async (table: string) => ((await describeTable(table))?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort();

  it('creates every index of the definition', async () => {
    await ensureTable(dynamo.endpoint, 'fresh');
    expect(await indexNames('fresh')).toEqual(ALL_INDEXES);
  });

  it('rebuilds a table kept from before an index was added, keeping its items and re-keying old contacts per campaign', async () => {
    const older = Object.values(TABLE_INDEXES).filter((index) => index.name !== TABLE_INDEXES.byTalent.name);
    await client.send(
      new CreateTableCommand({
        TableName: 'older',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [TABLE_KEYS.pk, TABLE_KEYS.sk, ...older.flatMap((index) => [index.pk, index.sk])].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: TABLE_KEYS.pk, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sk, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: older.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.pk, KeyType: 'HASH' },
            { AttributeName: index.sk, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    for (let i = 0; i < 200 && (await describeTable('older'))?.TableStatus !== 'ACTIVE'; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const documents = DynamoDBDocumentClient.from(client);
    const campaign = { pk: 'AGENCY#glow', sk: 'CAMPAIGN#spring', __edb_e__: 'campaign', agencyName: 'glow', campaignId: 'spring' };
    const legacy = {
      pk: 'AGENCY#glow',
      sk: 'CONTACT#maya@cooks.tv',
      gsi2pk: 'AGENCY#glow#CAMPAIGN#spring',
      gsi2sk: 'CONTACT#maya@cooks.tv',
      __edb_e__: 'contact',
      __edb_v__: '1',
      agencyName: 'glow',
      campaignId: 'spring',
      email: 'maya@cooks.tv',
      trackingEnabled: true,
    };
    await documents.send(new PutCommand({ TableName: 'older', Item: campaign }));
    await documents.send(new PutCommand({ TableName: 'older', Item: legacy }));

    await ensureTable(dynamo.endpoint, 'older');
    expect(await indexNames('older')).toEqual(ALL_INDEXES);
    expect((await documents.send(new GetCommand({ TableName: 'older', Key: { pk: 'AGENCY#glow', sk: 'CAMPAIGN#spring' } }))).Item).toEqual(campaign);
    expect((await documents.send(new GetCommand({ TableName: 'older', Key: { pk: 'AGENCY#glow', sk: 'CONTACT#maya@cooks.tv' } }))).Item).toBeUndefined();
    const byTalent = await documents.send(
      new QueryCommand({ TableName: 'older', IndexName: 'byTalent', KeyConditionExpression: 'gsi4pk = :pk', ExpressionAttributeValues: { ':pk': 'AGENCY#glow#TALENT#maya@cooks.tv' } }),
    );
    expect(byTalent.Items).toEqual([expect.objectContaining({ sk: 'CONTACT#spring#maya@cooks.tv', gsi4sk: 'CONTACT#spring', trackingEnabled: true })]);

    // A second start finds every index and leaves the table alone.
    await ensureTable(dynamo.endpoint, 'older');
    expect((await documents.send(new GetCommand({ TableName: 'older', Key: { pk: 'AGENCY#glow', sk: 'CONTACT#spring#maya@cooks.tv' } }))).Item).toBeTruthy();
  });
});
