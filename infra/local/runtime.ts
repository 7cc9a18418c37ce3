import './polyfills';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { tasks, type RouteDef } from '../../functions/routes';
import { installPlatform, type Platform } from '../../functions/lib/platform/platform';
import type { SecretId } from '../../functions/lib/platform/ports';
import { SecretUnavailable } from '../../functions/lib/platform/secrets';
import { logger } from '../../functions/lib/logger';
import { LOCAL_TABLE_NAME } from '../../functions/lib/store/client';
import { createLocalAsyncDispatcher } from './async-tasks';
import { executionEndedEvent, WATCH_RENEW_INTERVAL_MS, wireLocalPush } from './push';
import { OutboxMailer } from './outbox-mailer';
import { secretKeyFile } from './secret-key-file';
import { securityHeaders } from '../security-headers';
import { gatewayErrors, MAX_BODY_BYTES, MAX_REQUEST_BYTES, MAX_RESPONSE_BYTES, responsePayloadBytes, toEvent, writeResult } from './api-gateway-event';
import { invokeFunction, invokeWithin, lambdaContext } from './lambda';
import { ensureTable, startDynalite, type LocalDynamo } from './dynamo';
import { startEmulators, type Emulators } from './emulators';
import { isApiPath, matchRoute, routeTimeoutSeconds } from './router';
import { serveStatic } from './static-files';
import { createLocalEngine } from './step-functions';
import { createGrantsEnforcer, installGoogleFetchGuard, mergeUsageReport, tableAccess, type GrantsEnforcer, type PermissionsLookup } from './grants-enforcement';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MONITOR_INTERVAL_MS = 2 * 60 * 1000;

export type RuntimeOptions = {
  host?: string;
  /** 0 picks a free port */
  port?: number;
  dataDir?: string;
  webRoot?: string;
  /** the scheduler's period; false turns the timer off (tests call runMonitorTick themselves) */
  monitorIntervalMs?: number | false;
  /** shorten the ASL's Retry intervals (tests) */
  retryIntervalMs?: number;
  /** fault-injection tests wrap a task (a throw before or after the real work, as a crash would) */
  wrapTask?: (taskId: string, run: (input: unknown) => Promise<unknown>) => (input: unknown) => Promise<unknown>;
  /** tests wrap a route's handler the same way (a hang, an oversized answer) */
  wrapRoute?: (routeId: string, run: LambdaHandler) => LambdaHandler;
  quiet?: boolean;
  /**
   * The grant table (infra/stacks/permissions.ts) enforced per call, as IAM does on AWS: on by
   * default. Tests pass another lookup (a narrowed or widened grant), or false to turn it off.
   */
  grants?: false | { lookup?: PermissionsLookup };
  /** tests hold start-up here, after the server listens and before it serves (start-up answers) */
  beforeReady?: () => Promise<void>;
  /**
   * Gmail push through the Google emulator (npm start: on). Off, the product runs on the 2-minute
   * check alone, as without a Pub/Sub topic on AWS.
   */
  push?: boolean;
  /** options passed to the Google / OpenAI emulators, or 'real' to use the real services */
  emulators?: Parameters<typeof startEmulators>[0];
};

export type Runtime = {
  url: string;
  dataDir: string;
  tableName: string;
  dynamoEndpoint: string;
  emulators: Emulators;
  engine: ReturnType<typeof createLocalEngine>;
  /** what each function used against its grants (undefined when enforcement is off) */
  grants?: GrantsEnforcer;
  /** resolves when every asynchronous task (campaign provisioning, deletion) has finished */
  settleAsync(): Promise<void>;
  runMonitorTick(): Promise<unknown>;
  /** the daily users.watch renewal (`force`: every connected mailbox, e.g. after an emulator restart) */
  runPushWatchRenew(options?: { force?: boolean }): Promise<unknown>;
  close(): Promise<void>;
};

export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

/**
 * The request's URL, undefined when it is not one: a target that does not parse, or a path
 * that is not valid percent-encoded UTF-8 (`/%`, `/api/v3/%zz`). A target starting with "//" is
 * a path, not the name of another host.
 */
const parseTarget = (target: string | undefined, origin: string): URL | undefined => {
  const raw = target || '/';
  try {
    const url = raw.startsWith('/') ? new URL(`${origin}${raw}`) : new URL(raw);
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    return undefined;
  }
};

const loadHandler = async (modulePath: string): Promise<LambdaHandler> => {
  const module = (await import(resolve(PROJECT_ROOT, 'functions', `${modulePath}.ts`))) as { handler?: LambdaHandler };
  if (typeof module.handler !== 'function') throw new Error(`functions/${modulePath}.ts exports no handler`);
  return module.handler;
};

/**
 * The whole product on one machine: dynalite, the processing ASL on aws-local-stepfunctions, the
 * 2-minute monitor timer, the Google and OpenAI emulators, and an HTTP server that turns requests
 * into API Gateway v2 events for the same handlers CDK deploys, and serves the built SPA.
 */
export const startRuntime = async (options: RuntimeOptions = {}): Promise<Runtime> => {
  const host = options.host ?? '127.0.0.1';
  const dataDir = resolve(options.dataDir ?? resolve(PROJECT_ROOT, '.data'));
  const webRoot = resolve(options.webRoot ?? resolve(PROJECT_ROOT, 'web', 'dist'));
  const tableName = LOCAL_TABLE_NAME;
  mkdirSync(dataDir, { recursive: true });

  const dynamo: LocalDynamo = await startDynalite(resolve(dataDir, 'dynamodb'), host);
  await ensureTable(dynamo.endpoint, tableName);
  const emulators = await startEmulators({ host, dataDir, ...(options.emulators ?? {}) });

  // Until every handler is loaded a request is answered 503 with Retry-After, never left hanging.
  const ready: { serve?: (request: IncomingMessage, response: ServerResponse) => Promise<void> } = {};
  const server: Server = createServer((request, response) => {
    if (ready.serve) {
      void ready.serve(request, response);
      return;
    }
    request.resume();
    response
      .writeHead(503, { ...securityHeaders({ https: false }), 'content-type': 'application/json', 'retry-after': '1', connection: 'close' })
      .end(JSON.stringify({ success: false, error: 'Starting', message: 'Threadline is starting; retry in a moment' }));
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, host, () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  await options.beforeReady?.();
  const pushEnv = options.push && emulators.google ? await wireLocalPush(emulators.google.url, url) : {};
  // The OAuth client's secret (the emulator's, or real Google's from the shell) stays out of the
  // handlers' environment, as on AWS: the platform answers it to the functions granted it.
  const { GOOGLE_CLIENT_SECRET: emulatorClientSecret, ...emulatorEnv } = emulators.env;
  const localSecrets: Record<SecretId, string | undefined> = { googleClientSecret: emulatorClientSecret ?? process.env.GOOGLE_CLIENT_SECRET };

  const runtimeEnv: Record<string, string> = {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    APP_URL: url,
    LOCAL_OUTBOX_DIR: resolve(dataDir, 'outbox'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? (options.quiet ? 'ERROR' : 'INFO'),
    // Powertools: EMF metrics printed at DEBUG only (not to flood runs and tests), no X-Ray here.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? String(process.env.LOG_LEVEL !== 'DEBUG'),
    POWERTOOLS_TRACE_ENABLED: 'false',
    // Links into Google (Drive, Sheets, Gmail) open the emulator's read-only viewer when it runs;
    // '' = Google's own sites (functions/lib/google/links.ts).
    GOOGLE_LINKS_BASE: emulators.google ? `${emulators.google.url}/viewer` : (process.env.GOOGLE_LINKS_BASE ?? ''),
    ...emulatorEnv,
    ...pushEnv,
  };
  // Handlers read their configuration from the environment, as on Lambda. What this runtime set
  // is put back on close, so a later runtime in the same process (tests) decides afresh.
  const previousEnv = Object.fromEntries(Object.keys(runtimeEnv).map((key) => [key, process.env[key]]));
  Object.assign(process.env, runtimeEnv);
  // THREADLINE_LOCAL_GRANTS=off turns enforcement off (to tell a grant failure from another).
  const grants = options.grants === false || process.env.THREADLINE_LOCAL_GRANTS === 'off' ? undefined : createGrantsEnforcer({ lookup: options.grants?.lookup });
  const removeFetchGuard = grants ? installGoogleFetchGuard(grants, emulators.google?.url) : undefined;
  // What this runtime supplies in place of AWS services (functions/lib/platform), installed below
  // before any handler runs; clients cached per process (as in a warm Lambda) are rebuilt for it.
  const localPlatform: Platform = {
    mailer: new OutboxMailer(resolve(dataDir, 'outbox'), process.env.MAIL_FROM || undefined),
    localDataKey: secretKeyFile(resolve(dataDir, 'secret.key')),
    readSecret: async (id) => {
      // Each secret is its own capability in the grant table (secretsmanager:GetSecretValue on it).
      grants?.check({ kind: 'capability', capability: id, action: `secretsmanager:GetSecretValue (${id})` });
      const value = localSecrets[id];
      if (!value) throw new SecretUnavailable(`The local runtime has no ${id}: set GOOGLE_CLIENT_SECRET with GOOGLE_CLIENT_ID for real Google`);
      return value;
    },
    ...(grants
      ? {
          instrumentDynamo: (client) =>
            client.middlewareStack.add(
              (next, context) => async (args) => {
                grants.check(tableAccess(context.commandName ?? 'UnknownCommand'));
                return next(args);
              },
              { step: 'initialize', name: 'localGrantEnforcement' },
            ),
          guardSecrets: (action) => grants.check({ kind: 'capability', capability: 'secrets', action }),
        }
      : {}),
  };
  const asFunction = <T>(id: string, method: RouteDef['method'] | undefined, fn: () => T): T => (grants ? grants.run(id, method, fn) : fn());
  // The logger read LOG_LEVEL when it was first imported, before this runtime set it.
  logger.setLogLevel(process.env.LOG_LEVEL as Parameters<typeof logger.setLogLevel>[0]);

  // One invocation of a task with its Lambda context (fault-injection tests wrap each one).
  const taskInvokers = Object.fromEntries(
    await Promise.all(
      tasks.map(async (task) => {
        const handler = await loadHandler(task.handler);
        const invoke = (input: unknown, context: Context): Promise<unknown> => {
          const run = (given: unknown) => asFunction(task.id, undefined, () => handler(given, context));
          return (options.wrapTask ? options.wrapTask(task.id, run) : run)(input);
        };
        return [task.id, invoke] as const;
      }),
    ),
  );
  // The state machine's tasks run under their timeouts in the engine (Sandbox.Timedout or
  // States.Timeout, then the ASL's Retry and Catch); the others here, under the same Lambda timeout.
  const taskHandlers: Record<string, (input: unknown) => Promise<unknown>> = Object.fromEntries(
    tasks.map((task) => [task.id, (input: unknown) => invokeFunction(task.id, task.timeoutSeconds, (context) => taskInvokers[task.id]!(input, context))]),
  );
  const engine = createLocalEngine({
    tasks: taskInvokers as never,
    retryIntervalMs: options.retryIntervalMs,
    // Step Functions emits a status-change event that the release-lock rule handles on AWS.
    onExecutionEnded: async ({ executionId, outcome, input }) => {
      await taskHandlers.JobReleaseLock?.(executionEndedEvent(executionId, outcome.status, input, { error: outcome.error?.name, cause: outcome.error?.message })).catch(() => undefined);
    },
  });
  const checked = (capability: 'startExecution' | 'stopExecution' | 'describeExecution') =>
    grants?.check({ kind: 'capability', capability, action: `states:${capability[0]!.toUpperCase()}${capability.slice(1)}` });
  localPlatform.workflowEngine = {
    start: async (input) => {
      checked('startExecution');
      const started = await engine.start(input);
      // On AWS a rule sends every execution's end to PushCheck (notifications that came during the job).
      void engine.executions.get(started.executionId)?.done.then((outcome) => asyncTasks.dispatch('PushCheck', executionEndedEvent(started.executionId, outcome.status, input.input)));
      return started;
    },
    stop: async (executionId, cause) => (checked('stopExecution'), engine.stop(executionId, cause)),
    describe: async (executionId) => (checked('describeExecution'), engine.describe(executionId)),
  };
  const asyncTasks = createLocalAsyncDispatcher({
    // Every task the manifest marks async (campaign provisioning and deletion, longlist imports).
    tasks: Object.fromEntries(tasks.filter((task) => task.kind === 'async').map((task) => [task.id, taskHandlers[task.id]])),
    retryDelaysMs: options.retryIntervalMs === undefined ? undefined : [options.retryIntervalMs, options.retryIntervalMs],
    onFailure: (taskId, error) => {
      if (!options.quiet) console.error(`local runtime: async task ${taskId} failed after its retries`, error);
    },
  });
  localPlatform.asyncDispatcher = async (taskId, payload) => {
    // A task handing work to a fresh invocation of itself is lambda:InvokeFunction on itself.
    if (grants?.current() === taskId) grants.check({ kind: 'capability', capability: 'invokeSelf', action: 'lambda:InvokeFunction (self)' });
    else grants?.check({ kind: 'dispatch', taskId, action: `lambda:InvokeFunction (${taskId})` });
    return asyncTasks.dispatch(taskId, payload);
  };
  installPlatform(localPlatform);

  const handlerCache = new Map<string, Promise<LambdaHandler>>();
  const routeHandler = (route: RouteDef) => {
    let cached = handlerCache.get(route.handler);
    if (!cached) {
      cached = loadHandler(route.handler);
      handlerCache.set(route.handler, cached);
    }
    return cached;
  };
  const browserHeaders = securityHeaders({ https: url.startsWith('https:') });

  ready.serve = async (request, response) => {
    try {
      const requestUrl = parseTarget(request.url, url);
      if (!requestUrl) {
        const message = 'Malformed URL: the path must be valid percent-encoded UTF-8';
        response.writeHead(400, { ...browserHeaders, 'content-type': 'application/json' }).end(JSON.stringify({ success: false, error: 'Malformed URL', message }));
        return;
      }
      const method = request.method ?? 'GET';
      if (!isApiPath(requestUrl.pathname)) {
        if (method !== 'GET' && method !== 'HEAD') {
          response.writeHead(405, { ...browserHeaders, allow: 'GET, HEAD' }).end();
          return;
        }
        await serveStatic(webRoot, requestUrl.pathname, response, browserHeaders, method);
        return;
      }
      const match = matchRoute(method, requestUrl.pathname);
      if (!match || 'methodNotAllowed' in match) {
        const status = match ? 405 : 404;
        const message = match ? 'Method not allowed' : 'Not found';
        writeResult(response, { statusCode: status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ success: false, error: message, message }) });
        return;
      }
      const body = await readBody(request);
      if (body === 'too-large') {
        writeResult(response, gatewayErrors.tooLarge());
        return;
      }
      const event: APIGatewayProxyEventV2 = toEvent(request, requestUrl, body, match);
      // Lambda refuses an invocation whose event is over its 6 MB request limit; the HTTP API
      // answers that as a request too large.
      if (responsePayloadBytes(event) > MAX_REQUEST_BYTES) {
        writeResult(response, gatewayErrors.tooLarge());
        return;
      }
      const loaded = await routeHandler(match.route);
      const handler = options.wrapRoute ? options.wrapRoute(match.route.id, loaded) : loaded;
      // As deployed: the route's Lambda timeout, and Lambda's 6 MB limit on what it returns.
      const seconds = routeTimeoutSeconds(match.route);
      const context = lambdaContext(match.route.id, seconds);
      const outcome = await invokeWithin(() => asFunction(match.route.id, match.route.method, () => handler(event, context)), seconds * 1000);
      if ('timedOut' in outcome) {
        if (!options.quiet) console.error(`local runtime: ${match.route.id} timed out after ${seconds} s (Lambda would have stopped it; it runs on here, its answer dropped)`);
        writeResult(response, gatewayErrors.timedOut(match.route));
        return;
      }
      if ('error' in outcome) throw outcome.error;
      const size = responsePayloadBytes(outcome.result);
      if (size > MAX_RESPONSE_BYTES) {
        if (!options.quiet) console.error(`local runtime: ${match.route.id}: Response payload size exceeded maximum allowed payload size (${size} bytes > ${MAX_RESPONSE_BYTES})`);
        writeResult(response, gatewayErrors.internal());
        return;
      }
      writeResult(response, outcome.result as APIGatewayProxyStructuredResultV2);
    } catch (error) {
      if (!options.quiet) console.error('local runtime: request failed', error);
      if (!response.headersSent) writeResult(response, gatewayErrors.internal());
      else response.destroy();
    }
  };

  const runMonitorTick = async () => taskHandlers.MonitorTick?.({ source: 'local.scheduler', time: new Date().toISOString() });
  const interval = options.monitorIntervalMs ?? MONITOR_INTERVAL_MS;
  const timer =
    interval === false
      ? undefined
      : setInterval(() => {
          runMonitorTick().catch((error: unknown) => {
            if (!options.quiet) console.error('local runtime: monitor tick failed', error);
          });
        }, interval);
  timer?.unref();
  const runPushWatchRenew = async ({ force = false } = {}) => taskHandlers.PushWatchRenew?.({ source: 'local.scheduler', force });
  const renewTimer = options.push ? setInterval(() => void runPushWatchRenew().catch(() => undefined), WATCH_RENEW_INTERVAL_MS) : undefined;
  renewTimer?.unref();
  // The emulator keeps no watches across restarts: watch every connected mailbox again now.
  if (options.push) void runPushWatchRenew({ force: true }).catch((error: unknown) => {
    if (!options.quiet) console.error('local runtime: Gmail watch renewal failed', error);
  });

  let closed = false;
  return {
    url,
    dataDir,
    tableName,
    dynamoEndpoint: dynamo.endpoint,
    emulators,
    engine,
    grants,
    settleAsync: asyncTasks.settle,
    runMonitorTick,
    runPushWatchRenew,
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      if (renewTimer) clearInterval(renewTimer);
      for (const running of engine.executions.values()) running.abort();
      await engine.settle().catch(() => undefined);
      await asyncTasks.settle().catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await emulators.close();
      await dynamo.close();
      installPlatform({});
      if (grants) {
        removeFetchGuard?.();
        try {
          // Only the real grant table's runs feed the shared report (tests that alter it do not).
          if (!options.grants || !options.grants.lookup) mergeUsageReport(grants.report());
        } catch (error) {
          if (!options.quiet) console.error('local runtime: grant usage report not written', error);
        }
      }
      for (const [key, value] of Object.entries(previousEnv)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    },
  };
};

const readBody = async (request: IncomingMessage): Promise<Buffer | 'too-large'> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};
