/**
 * AWS cost benchmark: `npx tsx bench/cost.ts` (or `npm run bench`).
 *
 * Runs the real local runtime (same handlers, same ASL) with one agency of 3 connected mailboxes
 * and counts, per function, what AWS bills: Lambda invocations and their measured durations at
 * the manifest's memory, DynamoDB requests sized as DynamoDB does (4 KB reads halved when
 * eventually consistent, 1 KB writes, a write to every GSI the item is or was in), Step Functions
 * state transitions (the local runner's own events), KMS requests and log bytes. Scenarios: an
 * empty scheduler tick, an idle monitor check, a check with a token refresh, one status poll,
 * the dashboard's two metrics polls, a first-run job and a job the monitor starts for new mail.
 * Those counts × the list prices in bench/prices.ts give the fixed cost of a deployment, an idle
 * agency-month and an active agency-month. Gates: idle ≤ $0.10, active ≤ $3.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DescribeTableCommand, DynamoDBClient, GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { StateMachine } from 'aws-local-stepfunctions';
import { COUNTED_METRICS } from '../functions/lib/observability/metrics';
import { platform, type SecretsAction } from '../functions/lib/platform/platform';
import { dynamoClient } from '../functions/lib/store/client';
import { mailboxEntity } from '../functions/lib/store/entities/mailbox';
import { monitorRegistryEntity } from '../functions/lib/store/entities/monitor-registry';
import { threadEntity, type ThreadItem } from '../functions/lib/store/entities/thread';
import { routes, tasks } from '../functions/routes';
import { DEFAULT_MEMORY_MB } from '../infra/constructs/app-function';
import type { LambdaHandler } from '../infra/local/runtime';
import type { GoogleEmulator } from '../test/emulators/google/server';
import { LOCAL_OPENAI_KEY } from '../test/emulators/openai/keys';
import type { OpenAIEmulator } from '../test/emulators/openai/server';
import { truth } from '../test/fixtures/seed';
import { boot, type Booted } from '../test/integration/harness';
import { createAgency, invite, signIn } from '../test/integration/identity-helpers';
import { PRICES, type PriceId } from './prices';

export const IDLE_AGENCY_MONTH_LIMIT_USD = 0.1;
export const ACTIVE_AGENCY_MONTH_LIMIT_USD = 3;

const CAMPAIGN = 'glow-serum-q1';
const FIRST_RUN_RANGE = { start_date: '2026-01-05', end_date: '2026-01-25' };
/** Realistic latencies: Gmail ~50 ms a call, a model call ~1 s (what Lambda waits for and bills). */
const GMAIL_LATENCY_MS = 50;
const OPENAI_LATENCY_MS = 1000;
const POLLS = 10;
const IDLE_CHECKS = 3;

/** The scenario the issue prices (#15 point 7). */
const MONTH = {
  days: 30,
  checkIntervalMinutes: 5,
  mailboxes: 3,
  staff: 5,
  workDays: 22,
  hoursOpen: 8,
  newThreadsPerDay: 200,
  /** Google access tokens live an hour: one check an hour refreshes each mailbox's token. */
  tokenLifeMinutes: 60,
  /** After a job ends the status bar keeps the 1 s cadence while the server still names the task. */
  fastTailSeconds: 5,
  idlePollSeconds: 30,
  fastPollSeconds: 1,
  dashboardMetricsSeconds: 30,
  dashboardMetricsFastSeconds: 2,
  monitorMetricsSeconds: 15,
  /** Of the open hours, how long a tab sits on the dashboard (Email Processing): all of them, the dearest case. */
  dashboardHoursPerDay: 8,
} as const;
const SCHEDULER_TICK_MINUTES = 2;
/** Whether the three routes every tab polls run without X-Ray (functions/routes.ts `polled`). */
const POLLED_UNTRACED = ['/api/v3/status', '/api/v3/metrics', '/api/v3/monitor/metrics'].every((path) => routes.some((route) => route.path === path && route.polled));
/** Lambda's JSON platform lines per invocation (platform.start, platform.report with X-Ray ids). */
const PLATFORM_LOG_BYTES = 650;
/** Step Functions' ALL-level log line per history event, without execution data. */
const SFN_LOG_EVENT_BYTES = 300;
/** Response headers CloudFront sends back on an API answer. */
const RESPONSE_HEADER_BYTES = 400;
/** The HTTP API's access log line (infra/stacks/api-stack.ts), filled with typical values. */
const ACCESS_LOG_BYTES = Buffer.byteLength(
  JSON.stringify({
    requestId: 'Jx0vTgJ8IAMEVXw=',
    ip: '203.0.113.45',
    requestTime: '23/Nov/2026:19:42:10 +0000',
    method: 'GET',
    routeKey: 'GET /api/v3/status',
    path: '/api/v3/status',
    status: '200',
    responseLength: '180',
    latencyMs: '38',
    integrationLatencyMs: '35',
    integrationError: '-',
  }),
);

// ---------------------------------------------------------------------------------------------
// The ledger: what each function used, attributed through the async context of its invocation.

type Usage = {
  invocations: number;
  billedMs: number;
  gbSeconds: number;
  ddbRequests: number;
  readUnits: number;
  writeUnits: number;
  kmsGenerate: number;
  kmsDecrypt: number;
  logBytes: number;
  /** of logBytes, the EMF lines of the metrics (functions/lib/observability/metrics.ts) */
  emfBytes: number;
  responseBytes: number;
};
const emptyUsage = (): Usage => ({ invocations: 0, billedMs: 0, gbSeconds: 0, ddbRequests: 0, readUnits: 0, writeUnits: 0, kmsGenerate: 0, kmsDecrypt: 0, logBytes: 0, emfBytes: 0, responseBytes: 0 });
type Ledger = { byFunction: Map<string, Usage>; transitions: number; sfnEvents: number; executions: number };

const ledger: Ledger = { byFunction: new Map(), transitions: 0, sfnEvents: 0, executions: 0 };
const current = new AsyncLocalStorage<string>();
const usageOf = (fn = current.getStore()): Usage | undefined => {
  if (!fn) return undefined;
  let usage = ledger.byFunction.get(fn);
  if (!usage) ledger.byFunction.set(fn, (usage = emptyUsage()));
  return usage;
};

const memoryMbOf = new Map<string, number>([
  ...routes.map((route) => [route.id, route.memoryMb ?? DEFAULT_MEMORY_MB] as const),
  ...tasks.map((task) => [task.id, task.memoryMb ?? DEFAULT_MEMORY_MB] as const),
]);

const timed = async <T>(fn: string, run: () => Promise<T>): Promise<T> => {
  // A nested call (the release-lock task run from the engine inside a job) is its own invocation.
  const started = performance.now();
  try {
    return await current.run(fn, run);
  } finally {
    const usage = usageOf(fn)!;
    const billedMs = Math.max(1, Math.ceil(performance.now() - started));
    usage.invocations += 1;
    usage.billedMs += billedMs;
    usage.gbSeconds += (billedMs / 1000) * ((memoryMbOf.get(fn) ?? DEFAULT_MEMORY_MB) / 1024);
  }
};

const wrapRoute = (routeId: string, run: LambdaHandler): LambdaHandler => async (event, context) => {
  const result = await timed(routeId, () => run(event, context));
  const body = (result as { body?: string } | undefined)?.body;
  usageOf(routeId)!.responseBytes += RESPONSE_HEADER_BYTES + (body ? Buffer.byteLength(body) : 0);
  return result;
};
const wrapTask = (taskId: string, run: (input: unknown) => Promise<unknown>) => (input: unknown) => timed(taskId, () => run(input));

/** Step Functions bills every state entered (retries included); the local runner reports each. */
const countTransitions = (): (() => void) => {
  const proto = StateMachine.prototype as unknown as { run: (...args: unknown[]) => { eventLogs: AsyncGenerator<{ type: string }> } };
  const original = proto.run;
  proto.run = function run(this: unknown, ...args: unknown[]) {
    const execution = original.apply(this, args);
    ledger.executions += 1;
    void (async () => {
      for await (const event of execution.eventLogs) {
        if (event.type === 'StateEntered' || event.type === 'StateRetried') ledger.transitions += 1;
        ledger.sfnEvents += 1;
      }
    })().catch(() => undefined);
    return execution;
  };
  return () => {
    proto.run = original;
  };
};

/** Lambda sends what a function writes to stdout/stderr to CloudWatch Logs: count it, do not print it. */
const countLogs = (): (() => void) => {
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write.bind(stream));
  streams.forEach((stream, index) => {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const usage = usageOf();
      if (!usage) return (originals[index] as (...args: unknown[]) => boolean)(chunk, ...rest);
      const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      usage.logBytes += bytes;
      if (String(chunk).includes('"CloudWatchMetrics"')) usage.emfBytes += bytes;
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof stream.write;
  });
  return () => streams.forEach((stream, index) => (stream.write = originals[index] as typeof stream.write));
};

// ---------------------------------------------------------------------------------------------
// DynamoDB request units, as DynamoDB bills them.

type Item = Record<string, AttributeValue>;

/** DynamoDB's item size: attribute names plus values (numbers ~ 1 byte per 2 digits + 1). */
const valueSize = (value: AttributeValue): number => {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return Math.ceil(value.N.replace(/^-|\.|e.*$/gi, '').replace(/^0+/, '').length / 2) + 1;
  if (value.B !== undefined) return value.B.length;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS) return value.SS.reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  if (value.NS) return value.NS.reduce((sum, n) => sum + valueSize({ N: n }), 0);
  if (value.BS) return value.BS.reduce((sum, b) => sum + b.length, 0);
  if (value.L) return 3 + value.L.reduce((sum, v) => sum + 1 + valueSize(v), 0);
  if (value.M) return 3 + itemSize(value.M) + Object.keys(value.M).length;
  return 0;
};
const itemSize = (item: Item): number => Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + valueSize(value), 0);
const writeUnits = (item: Item | undefined) => (item ? Math.max(1, Math.ceil(itemSize(item) / 1024)) : 0);

const isAttributeValue = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 1 && ['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS'].includes(Object.keys(value)[0]!);
const asItem = (value: Record<string, unknown>): Item =>
  Object.values(value).every(isAttributeValue) ? (value as Item) : marshall(value, { removeUndefinedValues: true, convertClassInstanceToMap: true });

type Gsi = { name: string; keys: string[] };
const inIndex = (item: Item | undefined, gsi: Gsi) => !!item && gsi.keys.every((key) => item[key] !== undefined);
const sameKeys = (a: Item, b: Item, gsi: Gsi) => gsi.keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));

/** A write to the table also writes each GSI (projection ALL) the item is in; a key change is a delete plus a put. */
const indexWriteUnits = (before: Item | undefined, after: Item | undefined, gsis: Gsi[]): number => {
  let units = 0;
  for (const gsi of gsis) {
    const was = inIndex(before, gsi);
    const is = inIndex(after, gsi);
    if (was && is && sameKeys(before!, after!, gsi)) units += Math.max(writeUnits(before), writeUnits(after));
    else units += (was ? writeUnits(before) : 0) + (is ? writeUnits(after) : 0);
  }
  return units;
};

const capacityUnits = (consumed: unknown): number =>
  (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((sum: number, entry: { CapacityUnits?: number }) => sum + (entry.CapacityUnits ?? 0), 0);

const READS = new Set(['GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand']);
const SINGLE_WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand']);

/**
 * Counts every request the product's DynamoDB client sends. Reads take the units dynalite
 * reports (item sizes rounded up to 4 KB, halved when eventually consistent); writes take the
 * table's units dynalite reports plus each GSI's, from the item as it was and as it is (read
 * through a separate client, so those reads are not counted).
 */
const countDynamo = async (endpoint: string, tableName: string) => {
  const raw = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const described = await raw.send(new DescribeTableCommand({ TableName: tableName }));
  const tableKeys = (described.Table?.KeySchema ?? []).map((key) => key.AttributeName!);
  const gsis: Gsi[] = (described.Table?.GlobalSecondaryIndexes ?? []).map((index) => ({ name: index.IndexName!, keys: (index.KeySchema ?? []).map((key) => key.AttributeName!) }));
  const image = async (key: Item): Promise<Item | undefined> =>
    (await raw.send(new GetItemCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
  const keyOf = (item: Item): Item => Object.fromEntries(tableKeys.map((name) => [name, item[name]!]));

  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      const usage = usageOf();
      const command = context.commandName ?? '';
      if (!usage) return next(args);
      usage.ddbRequests += 1;
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'INDEXES';
      const single = SINGLE_WRITES.has(command);
      const key = single ? (command === 'PutItemCommand' ? keyOf(asItem(input.Item as Record<string, unknown>)) : asItem(input.Key as Record<string, unknown>)) : undefined;
      const before = key ? await image(key) : undefined;
      try {
        const result = await next(args);
        const output = result.output as { ConsumedCapacity?: unknown };
        // A read that finds nothing still costs DynamoDB's minimum: 1 unit strongly consistent, half eventually.
        if (READS.has(command)) usage.readUnits += Math.max(capacityUnits(output.ConsumedCapacity), input.ConsistentRead ? 1 : 0.5);
        else if (single) usage.writeUnits += capacityUnits(output.ConsumedCapacity) + indexWriteUnits(before, await image(key!), gsis);
        else if (command === 'BatchWriteItemCommand') usage.writeUnits += capacityUnits(output.ConsumedCapacity) * (1 + gsis.length);
        return result;
      } catch (error) {
        // A write whose condition fails still consumes the units of the item it was checked against.
        if (single && (error as { name?: string }).name === 'ConditionalCheckFailedException') usage.writeUnits += Math.max(1, writeUnits(before));
        throw error;
      }
    },
    { step: 'initialize', name: 'costBenchLedger', priority: 'low' },
  );
  return () => raw.destroy();
};

// ---------------------------------------------------------------------------------------------
// Scenarios.

type Snapshot = { byFunction: Map<string, Usage>; transitions: number; sfnEvents: number; executions: number };
const snapshot = (): Snapshot => ({
  byFunction: new Map([...ledger.byFunction].map(([fn, usage]) => [fn, { ...usage }])),
  transitions: ledger.transitions,
  sfnEvents: ledger.sfnEvents,
  executions: ledger.executions,
});
type Measured = { byFunction: Map<string, Usage>; transitions: number; sfnEvents: number; executions: number; seconds: number };
const since = (from: Snapshot, seconds: number): Measured => {
  const byFunction = new Map<string, Usage>();
  for (const [fn, usage] of ledger.byFunction) {
    const before = from.byFunction.get(fn) ?? emptyUsage();
    const delta = Object.fromEntries(Object.entries(usage).map(([field, value]) => [field, value - before[field as keyof Usage]])) as Usage;
    if (delta.invocations || delta.ddbRequests || delta.logBytes) byFunction.set(fn, delta);
  }
  return { byFunction, transitions: ledger.transitions - from.transitions, sfnEvents: ledger.sfnEvents - from.sfnEvents, executions: ledger.executions - from.executions, seconds };
};
const measure = async (work: () => Promise<unknown>): Promise<Measured> => {
  const from = snapshot();
  const started = performance.now();
  await work();
  // the engine counts the last events of an execution just after it settles
  await new Promise((resolve) => setTimeout(resolve, 20));
  return since(from, (performance.now() - started) / 1000);
};

const total = (measured: Measured): Usage =>
  [...measured.byFunction.values()].reduce((sum, usage) => {
    for (const field of Object.keys(sum) as (keyof Usage)[]) sum[field] += usage[field];
    return sum;
  }, emptyUsage());

/** A measured scenario per unit (per check, per poll, per thread), with what only AWS adds. */
type Unit = Usage & { transitions: number; sfnLogBytes: number; executions: number; traces: number; httpRequests: number; schedulerInvocations: number };
const perUnit = (measured: Measured, units: number, extra: { http?: boolean; scheduled?: boolean } = {}): Unit => {
  const sum = total(measured);
  const scale = (value: number) => value / units;
  const invocations = sum.invocations;
  // HTTP API invocations and scheduled ticks each start a trace; a job's tasks join its execution's.
  const traces = extra.http || extra.scheduled ? invocations : measured.executions;
  return {
    ...(Object.fromEntries(Object.entries(sum).map(([field, value]) => [field, scale(value)])) as Usage),
    logBytes: scale(sum.logBytes + invocations * PLATFORM_LOG_BYTES + (extra.http ? invocations * ACCESS_LOG_BYTES : 0)),
    transitions: scale(measured.transitions),
    sfnLogBytes: scale(measured.sfnEvents * SFN_LOG_EVENT_BYTES),
    executions: scale(measured.executions),
    traces: scale(traces),
    httpRequests: extra.http ? scale(invocations) : 0,
    schedulerInvocations: extra.scheduled ? scale(invocations) : 0,
  };
};
const minus = (a: Unit, b: Unit): Unit => Object.fromEntries(Object.entries(a).map(([field, value]) => [field, Math.max(0, value - b[field as keyof Unit])])) as Unit;
const times = (unit: Unit, count: number): Unit => Object.fromEntries(Object.entries(unit).map(([field, value]) => [field, value * count])) as Unit;
const plus = (...units: Unit[]): Unit =>
  units.reduce((sum, unit) => Object.fromEntries(Object.entries(sum).map(([field, value]) => [field, value + unit[field as keyof Unit]])) as Unit);

// ---------------------------------------------------------------------------------------------
// Prices.

type Line = { item: string; usd: number; detail: string };
const usd = (id: PriceId, quantity: number) => quantity * PRICES[id].usd;
const GB = 1024 ** 3;

/** The line items of a month of usage; KMS Decrypts on a warm Lambda hit envelope.ts's cache. */
const lineItems = (month: Unit): Line[] => [
  { item: 'Lambda requests', usd: usd('lambdaRequest', month.invocations), detail: `${fmt(month.invocations)} invocations` },
  { item: 'Lambda duration (arm64)', usd: usd('lambdaGbSecondArm', month.gbSeconds), detail: `${fmt(month.gbSeconds)} GB-s` },
  { item: 'Step Functions transitions', usd: usd('stepFunctionsTransition', month.transitions), detail: `${fmt(month.transitions)} transitions` },
  { item: 'DynamoDB reads (incl. GSIs)', usd: usd('dynamoReadUnit', month.readUnits), detail: `${fmt(month.readUnits)} RRU` },
  { item: 'DynamoDB writes (incl. GSIs)', usd: usd('dynamoWriteUnit', month.writeUnits), detail: `${fmt(month.writeUnits)} WRU` },
  { item: 'EventBridge Scheduler', usd: usd('schedulerInvocation', month.schedulerInvocations), detail: `${fmt(month.schedulerInvocations)} invocations` },
  { item: 'API Gateway (HTTP API)', usd: usd('httpApiRequest', month.httpRequests), detail: `${fmt(month.httpRequests)} requests` },
  { item: 'KMS requests', usd: usd('kmsRequest', month.kmsGenerate + month.kmsDecrypt), detail: `${fmt(month.kmsGenerate)} GenerateDataKey + ${fmt(month.kmsDecrypt)} Decrypt` },
  { item: 'CloudWatch Logs ingestion', usd: usd('logsIngestedGb', (month.logBytes + month.sfnLogBytes) / GB), detail: `${fmt((month.logBytes + month.sfnLogBytes) / 1024 ** 2)} MB (EMF metrics ${fmt(month.emfBytes / 1024 ** 2)} MB)` },
  { item: 'X-Ray traces', usd: usd('xrayTrace', month.traces), detail: `${fmt(month.traces)} traces` },
  { item: 'CloudFront', usd: usd('cloudFrontHttpsRequest', month.httpRequests) + usd('cloudFrontGbOut', month.responseBytes / GB), detail: `${fmt(month.httpRequests)} requests, ${fmt(month.responseBytes / 1024 ** 2)} MB out` },
  { item: 'Secrets Manager API calls', usd: 0, detail: 'none at run time: the OAuth client secret is resolved at deploy time' },
  { item: 'SQS', usd: 0, detail: 'the dead-letter queues receive only failed deliveries' },
];

const fmt = (value: number): string =>
  value >= 100 ? Math.round(value).toLocaleString('en-US') : value >= 1 ? value.toFixed(1) : value === 0 ? '0' : value.toPrecision(2);
const money = (value: number) => `$${value < 0.01 && value > 0 ? value.toFixed(4) : value.toFixed(2)}`;

const printTable = (title: string, lines: Line[]): number => {
  const sum = lines.reduce((acc, line) => acc + line.usd, 0);
  console.log(`\n${title}`);
  for (const line of [...lines].sort((a, b) => b.usd - a.usd)) console.log(`  ${line.item.padEnd(32)} ${money(line.usd).padStart(9)}   ${line.detail}`);
  console.log(`  ${'total'.padEnd(32)} ${money(sum).padStart(9)}`);
  return sum;
};

const describeUnit = (name: string, unit: Unit) =>
  console.log(
    `${name.padEnd(34)} ${fmt(unit.invocations).padStart(6)} ${fmt(unit.billedMs).padStart(8)} ${fmt(unit.ddbRequests).padStart(7)} ${fmt(unit.readUnits).padStart(6)} ${fmt(unit.writeUnits).padStart(6)} ` +
      `${fmt(unit.kmsGenerate + unit.kmsDecrypt).padStart(5)} ${fmt(unit.transitions).padStart(6)} ${fmt((unit.logBytes + unit.sfnLogBytes) / 1024).padStart(7)}`,
  );

// ---------------------------------------------------------------------------------------------

const MEMBERS = ['daniel@brightwave-agency.com', 'priya@brightwave-agency.com'];

const setUp = async (booted: Booted) => {
  const google = booted.runtime.emulators.google as unknown as GoogleEmulator;
  const openai = booted.runtime.emulators.openai as unknown as OpenAIEmulator;
  const ok = async (what: string, response: Promise<{ status: number; text: string }>) => {
    const answered = await response;
    if (answered.status !== 200) throw new Error(`${what}: ${answered.status} ${answered.text}`);
  };
  const owner = truth.campaigns.find((campaign) => campaign.campaign_id === CAMPAIGN)!.lead;
  const staff = await signIn(booted.runtime, owner);
  const { agency } = await createAgency(staff, truth.agency.name);
  await ok('set key', staff.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY }));
  const { lead: _lead, support: _support, ...campaign } = truth.campaigns.find((c) => c.campaign_id === CAMPAIGN)!;
  await ok('add campaign', staff.api.post('/api/campaigns/add', campaign));
  await booted.runtime.settleAsync();
  for (const c of truth.contacts.filter((contact) => contact.campaign_id === CAMPAIGN)) {
    await ok('add contact', staff.api.post('/api/campaigns/contacts/add', { email: c.email, talent_name: c.talent_name, email_owner: c.email_owner, campaign_id: c.campaign_id }));
  }
  // Two colleagues join and connect their own mailboxes: 3 connected mailboxes.
  for (const email of MEMBERS.filter((address) => address !== owner)) {
    const member = await signIn(booted.runtime, email);
    const token = await invite(staff, booted.dataDir, email);
    await ok('accept', member.api.post('/api/v3/agency/invitations/accept', { invite_token: token }));
    await ok('switch', member.api.post('/api/v3/agency/switch', { agency_name: agency.name }));
    await ok('connect', member.api.post('/api/v3/mailboxes/connect', {}));
  }
  const listed = await staff.api.get<{ mailboxes: unknown[] }>('/api/v3/mailboxes');
  return { google, openai, staff, agencyName: agency.name, mailboxes: listed.body.mailboxes.length };
};

export const runCostBench = async (): Promise<boolean> => {
  const previousLogLevel = process.env.LOG_LEVEL;
  // As deployed (app-function.ts): the logs Lambda ships are the INFO-level ones.
  process.env.LOG_LEVEL = 'INFO';
  // As on AWS, every invocation that counted something writes its EMF line (the local runtime
  // turns metrics off unless told): those bytes are CloudWatch Logs ingestion.
  const previousMetrics = process.env.POWERTOOLS_METRICS_DISABLED;
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  const restoreTransitions = countTransitions();
  const booted = await boot({ retryIntervalMs: 50, wrapRoute, wrapTask });
  const restoreLogs = countLogs();
  try {
    const closeRaw = await countDynamo(booted.runtime.dynamoEndpoint, booted.runtime.tableName);
    // The installed platform's KMS guard (grant enforcement) still runs; each use is also counted.
    const installed = platform();
    const guard = installed.guardSecrets;
    installed.guardSecrets = (action: SecretsAction) => {
      guard?.(action);
      const usage = usageOf();
      if (usage && action === 'kms:GenerateDataKey') usage.kmsGenerate += 1;
      if (usage && action === 'kms:Decrypt') usage.kmsDecrypt += 1;
    };
    const world = await setUp(booted);
    const { google, openai, staff, agencyName } = world;
    google.setLatency(GMAIL_LATENCY_MS);
    openai.setLatency(OPENAI_LATENCY_MS);
    const due = () => monitorRegistryEntity.patch({ agencyName }).set({ nextCheckAt: new Date(Date.now() - 1000).toISOString() }).go();
    const tick = async () => ((await booted.runtime.runMonitorTick()) as { results?: { result: string }[] } | undefined)?.results?.map((r) => r.result) ?? [];
    const settled = async () => {
      await booted.runtime.engine.settle();
      await booted.runtime.settleAsync();
    };

    // Baseline: the first checks store each mailbox's history id and cache its access token.
    for (let i = 0; i < 5; i += 1) {
      await settled();
      await due();
      const results = await tick();
      if (results.every((result) => result === 'nothing-new')) break;
    }
    await settled();

    const emptyTick = perUnit(await measure(() => tick()), 1, { scheduled: true });
    const idleChecks: Measured[] = [];
    for (let i = 0; i < IDLE_CHECKS; i += 1) {
      await due();
      idleChecks.push(await measure(async () => {
        const results = await tick();
        if (!results.every((result) => result === 'nothing-new')) throw new Error(`an idle check found work: ${results.join(', ')}`);
      }));
    }
    // On a warm tick Lambda the check reopens the very token it opened 5 minutes before: envelope.ts's cache, no KMS call.
    const idleCheck = { ...minus(perUnit(idleChecks.reduce(mergeMeasured), IDLE_CHECKS), emptyTick), kmsDecrypt: 0, schedulerInvocations: 0, invocations: 0 };

    await mailboxEntity.query.byAgency({ agencyName }).go({ pages: 'all' }).then(({ data }) =>
      Promise.all(data.map((mailbox) => mailboxEntity.patch({ agencyName, email: mailbox.email }).set({ accessTokenExpiresAt: 0 }).go())),
    );
    await due();
    const refreshCheck = { ...minus(perUnit(await measure(() => tick()), 1), emptyTick), schedulerInvocations: 0, invocations: 0 };

    const poll = async (path: string) => perUnit(await measure(async () => {
      for (let i = 0; i < POLLS; i += 1) {
        const answered = await staff.api.get(path);
        if (answered.status !== 200) throw new Error(`${path}: ${answered.status} ${answered.text}`);
      }
    }), POLLS, { http: true });
    const statusPoll = await poll('/api/v3/status');
    const dashboardPoll = await poll('/api/v3/metrics');
    const monitorPoll = await poll('/api/v3/monitor/metrics');

    // A first run over a date range (per thread), then what the month is made of: the monitor
    // finding new mail (one new message in each of 2 threads) and running a job for it.
    let firstThreads = 0;
    const firstRun = await measure(async () => {
      const started = await staff.api.post('/api/v3/process/interval', FIRST_RUN_RANGE);
      if (started.status !== 200) throw new Error(`process/interval: ${started.status} ${started.text}`);
      await settled();
      firstThreads = (await staff.api.get<{ progress: { threads_completed: number } | null }>('/api/v3/status')).body.progress?.threads_completed ?? 0;
    });
    await due();
    await tick();
    await settled();
    const stored = ((await threadEntity.query.byAgency({ agencyName }).go({ pages: 'all' })).data as ThreadItem[]).filter((t) => t.contactEmails?.length);
    const perCheck = Math.max(1, Math.round(MONTH.newThreadsPerDay / ((MONTH.hoursOpen * 60) / MONTH.checkIntervalMinutes)));
    const picked = stored.slice(0, perCheck);
    if (picked.length < perCheck) throw new Error(`the first run stored ${stored.length} threads; the job scenario needs ${perCheck}`);
    for (const thread of picked) {
      google.addMessage({ mailbox: thread.mailbox, threadId: thread.threadId, from: thread.contactEmails![0]!, to: [thread.mailbox], subject: `Re: ${thread.subject}`, body: 'Sounds good, can we move the post to 2026-12-03?' });
    }
    await due();
    const newMail = await measure(async () => {
      await tick();
      await settled();
    });
    const jobSeconds = newMail.seconds;
    closeRaw();

    const firstRunPerThread = perUnit(firstRun, Math.max(1, firstThreads));
    const newMailCheck = minus(perUnit(newMail, 1), { ...emptyTick, schedulerInvocations: 0 });

    console.log(`agency: ${world.mailboxes} connected mailboxes; latencies Gmail ${GMAIL_LATENCY_MS} ms, OpenAI ${OPENAI_LATENCY_MS} ms; durations measured locally (dynalite, emulators)`);
    console.log(`${'measured, per unit'.padEnd(34)} ${'invoc'.padStart(6)} ${'billedms'.padStart(8)} ${'ddb req'.padStart(7)} ${'RRU'.padStart(6)} ${'WRU'.padStart(6)} ${'KMS'.padStart(5)} ${'trans'.padStart(6)} ${'log KB'.padStart(7)}`);
    describeUnit('scheduler tick, no agency due', emptyTick);
    describeUnit('idle check (agency, 3 mailboxes)', idleCheck);
    describeUnit('check refreshing 3 tokens', refreshCheck);
    describeUnit('status poll', statusPoll);
    describeUnit('dashboard metrics poll', dashboardPoll);
    describeUnit('monitor metrics poll', monitorPoll);
    describeUnit(`first run, per thread (${firstThreads} threads)`, firstRunPerThread);
    describeUnit(`new mail check + job (${perCheck} threads)`, newMailCheck);
    const perMailbox = (unit: Unit) => `${fmt(unit.ddbRequests / world.mailboxes)} DynamoDB requests, ${fmt((unit.readUnits + unit.writeUnits) / world.mailboxes)} units`;
    console.log(`idle check per mailbox: ${perMailbox(idleCheck)}; job ${fmt(jobSeconds)} s for ${perCheck} threads`);

    // Fixed: the 2-minute tick whatever the agencies, 2 customer managed keys, 1 secret.
    const ticksPerMonth = (MONTH.days * 24 * 60) / SCHEDULER_TICK_MINUTES;
    const fixedLines: Line[] = [
      ...lineItems(times(emptyTick, ticksPerMonth)),
      { item: 'KMS keys', usd: 2 * PRICES.kmsKeyMonth.usd, detail: '2 customer managed keys (table, secrets); +$1 each per rotation, first two years' },
      { item: 'KMS: DynamoDB table key', usd: usd('kmsRequest', ticksPerMonth / 2.5), detail: 'DynamoDB re-reads the table key about every 5 min per caller' },
      { item: 'Secrets Manager secret', usd: PRICES.secretMonth.usd, detail: 'the Google OAuth client secret' },
      // One dimension set (service) per metric, whatever the agencies: a per-agency dimension
      // would bill each metric once per agency.
      {
        item: 'CloudWatch custom metrics (EMF)',
        usd: COUNTED_METRICS.length * PRICES.customMetricMonth.usd,
        detail: `${COUNTED_METRICS.length} metrics (${COUNTED_METRICS.join(', ')}) x 1 dimension set (service); no alarms`,
      },
    ];
    const fixed = printTable('Fixed cost of a deployment, per month (no agency)', fixedLines);

    const checksPerMonth = (MONTH.days * 24 * 60) / MONTH.checkIntervalMinutes;
    const refreshShare = MONTH.checkIntervalMinutes / MONTH.tokenLifeMinutes;
    const idleMonth = plus(times(idleCheck, checksPerMonth * (1 - refreshShare)), times(refreshCheck, checksPerMonth * refreshShare));
    const idleTotal = printTable(`Idle agency-month (${MONTH.mailboxes} mailboxes, ${MONTH.checkIntervalMinutes}-minute interval, no open tab)`, lineItems(idleMonth));

    // Active: during the open hours every check finds new mail and runs a job (jobs spread evenly
    // over the day). Each tab shows the status bar on every page; the dashboard's metrics poll only
    // while a tab is on the dashboard (spec: polling stops when leaving the page).
    const jobChecksPerDay = (MONTH.hoursOpen * 60) / MONTH.checkIntervalMinutes;
    const jobChecks = jobChecksPerDay * MONTH.workDays * (MONTH.newThreadsPerDay / (jobChecksPerDay * perCheck));
    const openSeconds = MONTH.hoursOpen * 3600;
    const fastSeconds = Math.min(openSeconds, jobChecksPerDay * (jobSeconds + MONTH.fastTailSeconds));
    const tabDays = MONTH.staff * MONTH.workDays;
    // X-Ray's default sampling for Lambda records the first request each second and 5% of the others.
    const sampled = (requestsPerSecond: number, seconds: number) => seconds * Math.min(requestsPerSecond, 1 + 0.05 * Math.max(0, requestsPerSecond - 1));
    const activeFor = (dashboardHours: number) => {
      const onDashboard = Math.min(1, dashboardHours / MONTH.hoursOpen);
      const slowSeconds = openSeconds - fastSeconds;
      const statusPolls = tabDays * (fastSeconds / MONTH.fastPollSeconds + slowSeconds / MONTH.idlePollSeconds);
      const dashboardPolls = tabDays * onDashboard * (fastSeconds / MONTH.dashboardMetricsFastSeconds + slowSeconds / MONTH.dashboardMetricsSeconds);
      const monitorPolls = tabDays * onDashboard * (openSeconds / MONTH.monitorMetricsSeconds);
      const polling = plus(times(statusPoll, statusPolls), times(dashboardPoll, dashboardPolls), times(monitorPoll, monitorPolls));
      // The polled routes are not traced (routes.ts `polled`); were they, Lambda's sampling would
      // record nearly every poll: every tab polls at once while a job runs, the slow polls singly.
      polling.traces = POLLED_UNTRACED
        ? 0
        : MONTH.workDays * sampled(MONTH.staff / MONTH.fastPollSeconds, fastSeconds) +
          tabDays * (slowSeconds / MONTH.idlePollSeconds) +
          MONTH.workDays * sampled((MONTH.staff * onDashboard) / MONTH.dashboardMetricsFastSeconds, fastSeconds) +
          tabDays * onDashboard * (slowSeconds / MONTH.dashboardMetricsSeconds) +
          monitorPolls;
      const month = plus(
        times(idleCheck, Math.max(0, checksPerMonth - jobChecks) * (1 - refreshShare)),
        times(refreshCheck, checksPerMonth * refreshShare),
        times(newMailCheck, jobChecks),
        polling,
      );
      return { month, statusPolls, dashboardPolls, monitorPolls };
    };
    const active = activeFor(MONTH.dashboardHoursPerDay);
    const activeTotal = printTable(
      `Active agency-month (${MONTH.staff} staff, one tab open ${MONTH.hoursOpen} h x ${MONTH.workDays} days of which ${MONTH.dashboardHoursPerDay} h on the dashboard, ` +
        `${MONTH.mailboxes} mailboxes, ${MONTH.newThreadsPerDay} new threads a day)`,
      lineItems(active.month),
    );
    console.log(
      `  polling: ${fmt(active.statusPolls)} status (1 s for ${fmt(fastSeconds / 60)} job min/day, else ${MONTH.idlePollSeconds} s), ` +
        `${fmt(active.dashboardPolls)} dashboard metrics, ${fmt(active.monitorPolls)} monitor metrics; ${fmt(jobChecks)} jobs of ${perCheck} threads`,
    );
    console.log(`  the polled routes (status, metrics, monitor metrics) are ${POLLED_UNTRACED ? 'not traced' : 'traced at Lambda\'s 1 request/s + 5 % sampling'}`);

    const fixedDominant = [...lineItems(times(emptyTick, ticksPerMonth))].sort((a, b) => b.usd - a.usd)[0]!;
    const fixedLargest = [...fixedLines].sort((a, b) => b.usd - a.usd).slice(0, 3);
    console.log(
      `\nfixed ${money(fixed)}/month, dominated by ${fixedLargest.map((line) => `${line.item} (${money(line.usd)})`).join(', ')}; the tick's largest line: ${fixedDominant.item} ${money(fixedDominant.usd)}`,
    );
    const idleOk = idleTotal <= IDLE_AGENCY_MONTH_LIMIT_USD;
    const activeOk = activeTotal <= ACTIVE_AGENCY_MONTH_LIMIT_USD;
    console.log(`idle agency-month ${money(idleTotal)} (≤ ${money(IDLE_AGENCY_MONTH_LIMIT_USD)}): ${idleOk ? 'PASS' : 'FAIL'}`);
    console.log(`active agency-month ${money(activeTotal)} (≤ ${money(ACTIVE_AGENCY_MONTH_LIMIT_USD)}): ${activeOk ? 'PASS' : 'FAIL'}`);
    return idleOk && activeOk;
  } finally {
    restoreLogs();
    await booted.stop();
    restoreTransitions();
    if (previousLogLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLogLevel;
    if (previousMetrics === undefined) delete process.env.POWERTOOLS_METRICS_DISABLED;
    else process.env.POWERTOOLS_METRICS_DISABLED = previousMetrics;
  }
};

const mergeMeasured = (a: Measured, b: Measured): Measured => {
  const byFunction = new Map(a.byFunction);
  for (const [fn, usage] of b.byFunction) {
    const sum = { ...(byFunction.get(fn) ?? emptyUsage()) };
    for (const field of Object.keys(sum) as (keyof Usage)[]) sum[field] += usage[field];
    byFunction.set(fn, sum);
  }
  return { byFunction, transitions: a.transitions + b.transitions, sfnEvents: a.sfnEvents + b.sfnEvents, executions: a.executions + b.executions, seconds: a.seconds + b.seconds };
};

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const ok = await runCostBench();
  process.exit(ok ? 0 : 1);
}

