import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, startDynalite, type LocalDynamo } from '../../../infra/local/dynamo';
import { jobScopeOf } from '../processing/labels';
import { SETTINGS_DEFAULTS } from '../settings/store';
import { modelStateEntity } from './entities/model-state';
import { settingsEntity } from './entities/settings';
import { dynamoClient, TABLE_NAME } from './client';
import { jobBatchEntity, jobEntity } from './entities/job';
import { longlistImportChunkEntity, longlistImportEntity } from './entities/longlist-import';
import { threadEntity } from './entities/thread';

/**
 * The attributes that were `type: 'any'` are ElectroDB maps and lists now. ElectroDB keeps only
 * the properties a map names, so each case here writes an item as the `any` attribute stored it
 * (the JSON the code passed, as DynamoDB M and L) and checks the entity reads it back whole, then
 * writes it through the entity and checks the stored JSON is the same as before.
 */
let dynamo: LocalDynamo;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'typed-attributes-'));
  dynamo = await startDynalite(folder);
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  await ensureTable(dynamo.endpoint, TABLE_NAME);
}, 30_000);

afterAll(async () => {
  delete process.env.DYNAMODB_ENDPOINT;
  await dynamo?.close();
  rmSync(folder, { recursive: true, force: true });
});

type Params = { Item: Record<string, unknown> };
type Case = {
  /** a valid item through the entity (its params give the keys and ElectroDB's own fields) */
  params: () => unknown;
  attribute: string;
  /** what the `any` attribute stored */
  stored: unknown;
  read: () => Promise<Record<string, unknown> | null>;
  write: (value: never) => Promise<unknown>;
};

const rawItem = async (item: Record<string, unknown>) =>
  (await dynamoClient().send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: item.pk, sk: item.sk } }))).Item;

const NOW = '2026-11-20T10:00:00.000Z';
const job = { agencyName: 'glow', jobId: 'j1', kind: 'interval', operationLabel: 'x', status: 'running', phase: 'fetching', startedAt: NOW } as const;
const longlistImport = {
  agencyName: 'glow',
  importId: 'i1',
  campaignId: 'c1',
  sourceSheetId: 's1',
  tab: 'Talent',
  startedBy: 'ana@glow.test',
  status: 'running',
  totalRows: 3,
  chunkCount: 1,
  startedAt: NOW,
  updatedAt: NOW,
} as const;

const cases: Record<string, Case> = {
  'settings overrides (sections, model_config by purpose)': {
    params: () => settingsEntity.put({ agencyName: 'glow' }).params(),
    attribute: 'overrides',
    stored: {
      model_config: { thread_summary: { model: 'gpt-5.4-mini', temperature: 0.4 }, campaign_aggregation: { max_tokens: 900 } },
      processing_limits: { agency_locale: 'en-GB', oldest_scan_days: 0 },
      health_check: { skip_on_startup: true },
      monitoring_config: { hours_to_check: 48, check_interval_minutes: 10, max_duration_minutes: 60 },
    },
    read: async () => (await settingsEntity.get({ agencyName: 'glow' }).go()).data,
    write: (overrides) => settingsEntity.put({ agencyName: 'glow', overrides }).go(),
  },
  'model warnings by purpose': {
    params: () => modelStateEntity.put({ agencyName: 'glow' }).params(),
    attribute: 'warnings',
    stored: { date_validation: { purpose: 'date_validation', old_model: 'gpt-5-nano', new_model: 'gpt-5.4-nano', reason: 'retired', since: NOW } },
    read: async () => (await modelStateEntity.get({ agencyName: 'glow' }).go()).data,
    write: (warnings) => modelStateEntity.put({ agencyName: 'glow', warnings }).go(),
  },
  'job scope': {
    params: () => jobEntity.put({ ...job, scope: { kind: 'interval' } }).params(),
    attribute: 'scope',
    stored: { kind: 'interval', start_date: '2026-11-01', end_date: '2026-11-20' },
    read: async () => (await jobEntity.get({ agencyName: 'glow', jobId: 'j1' }).go()).data,
    write: (scope) => jobEntity.put({ ...job, scope }).go(),
  },
  'job aggregations by campaign id': {
    params: () => jobEntity.put({ ...job, jobId: 'j2', scope: { kind: 'monitor' } }).params(),
    attribute: 'aggregations',
    stored: { 'c-1': 'Three confirmed, one negotiating.', 'c-2': '' },
    read: async () => (await jobEntity.get({ agencyName: 'glow', jobId: 'j2' }).go()).data,
    write: (aggregations) => jobEntity.put({ ...job, jobId: 'j2', scope: { kind: 'monitor' }, aggregations }).go(),
  },
  'job batch refs': {
    params: () => jobBatchEntity.put({ agencyName: 'glow', jobId: 'j1', index: 0, refs: [] }).params(),
    attribute: 'refs',
    stored: [{ mailbox: 'ana@glow.test', threadId: 't1', historyId: '991' }, { mailbox: 'ben@glow.test', threadId: 't2' }],
    read: async () => (await jobBatchEntity.get({ agencyName: 'glow', jobId: 'j1', index: 0 }).go()).data,
    write: (refs) => jobBatchEntity.put({ agencyName: 'glow', jobId: 'j1', index: 0, refs }).go(),
  },
  'longlist skipped notes': {
    params: () => longlistImportEntity.put(longlistImport).params(),
    attribute: 'skippedNotes',
    stored: [{ row: 4, reason: 'Missing email' }, { row: 9, reason: 'Invalid email "x@"' }],
    read: async () => (await longlistImportEntity.get({ agencyName: 'glow', importId: 'i1' }).go()).data,
    write: (skippedNotes) => longlistImportEntity.put({ ...longlistImport, skippedNotes }).go(),
  },
  'longlist duplicate notes': {
    params: () => longlistImportEntity.put(longlistImport).params(),
    attribute: 'duplicateNotes',
    stored: [{ row: 7, email: 'maya@cooks.tv', reason: 'Duplicate of row 3 in the sheet' }],
    read: async () => (await longlistImportEntity.get({ agencyName: 'glow', importId: 'i1' }).go()).data,
    write: (duplicateNotes) => longlistImportEntity.put({ ...longlistImport, duplicateNotes }).go(),
  },
  'longlist chunk candidates (empty manager and handle)': {
    params: () => longlistImportChunkEntity.put({ agencyName: 'glow', importId: 'i1', index: 0, candidates: [] }).params(),
    attribute: 'candidates',
    stored: [
      { row: 2, email: 'maya@cooks.tv', talentName: 'Maya', manager: 'mgr@agency.test', handle: '@maya' },
      { row: 3, email: 'leo@cooks.tv', talentName: 'Leo', manager: '', handle: '' },
    ],
    read: async () => (await longlistImportChunkEntity.get({ agencyName: 'glow', importId: 'i1', index: 0 }).go()).data,
    write: (candidates) => longlistImportChunkEntity.put({ agencyName: 'glow', importId: 'i1', index: 0, candidates }).go(),
  },
};

describe('typed map and list attributes read what `any` stored, and store the same JSON', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(name, async () => {
      const { Item } = c.params() as Params;
      await dynamoClient().send(new PutCommand({ TableName: TABLE_NAME, Item: { ...Item, [c.attribute]: c.stored } }));
      expect((await c.read())?.[c.attribute]).toEqual(c.stored);

      await dynamoClient().send(new PutCommand({ TableName: TABLE_NAME, Item }));
      await c.write(c.stored as never);
      expect((await rawItem(Item))?.[c.attribute]).toEqual(c.stored);
    });
  }

  it('names every settings section and field the defaults have, so none is dropped on a save', () => {
    const overrides = (settingsEntity.schema.attributes as unknown as Record<string, { properties: Record<string, { properties: Record<string, unknown> }> }>).overrides!;
    const shapeOf = (value: object): unknown =>
      Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, typeof inner === 'object' && inner !== null ? shapeOf(inner) : true]));
    const stored = Object.fromEntries(
      Object.entries(overrides.properties).map(([section, attribute]) => [
        section,
        Object.fromEntries(Object.entries(attribute.properties).map(([field, inner]) => [field, (inner as { properties?: object }).properties ? Object.keys((inner as { properties: object }).properties) : true])),
      ]),
    );
    const defaults = shapeOf(SETTINGS_DEFAULTS) as Record<string, Record<string, unknown>>;
    // A model choice stores only what a person can change: the model, temperature and max_tokens.
    for (const purpose of Object.keys(defaults.model_config!)) defaults.model_config![purpose] = ['model', 'temperature', 'max_tokens'];
    expect(stored).toEqual(defaults);
  });

  it('reads a thread pointer that still carries the key dates it once stored', async () => {
    const pointer = { agencyName: 'glow', mailbox: 'ana@glow.test', threadId: 't9', version: 1, primaryCampaignId: 'c1', createdAt: NOW, updatedAt: NOW };
    const { Item } = threadEntity.put(pointer).params() as Params;
    await dynamoClient().send(new PutCommand({ TableName: TABLE_NAME, Item: { ...Item, dates: [{ date: '2027-01-02', kind: 'go_live', source_sentence: 'we go live Jan 2' }] } }));
    expect((await threadEntity.get({ agencyName: 'glow', mailbox: 'ana@glow.test', threadId: 't9' }).go()).data).toMatchObject({ ...pointer, summary: '' });
  });

  it("reads a stored job scope as the member its kind names, and refuses one missing the kind's fields", () => {
    expect(jobScopeOf({ scope: { kind: 'thread', thread_id: 't1', mailbox: 'ana@glow.test' } })).toEqual({ kind: 'thread', thread_id: 't1', mailbox: 'ana@glow.test' });
    expect(() => jobScopeOf({ scope: { kind: 'interval', start_date: '2026-11-01' } })).toThrow();
  });
});
