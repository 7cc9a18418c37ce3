/**
 * The Google emulator: one node:http server on loopback speaking Google's OAuth 2.0/OIDC,
 * Gmail v1, Drive v3 and Sheets v4 HTTP APIs (paths, params, JSON shapes, error bodies), so
 * the real googleapis clients (rootUrl = emulator.url) and openid-client work unchanged.
 * Seeded from test/fixtures/seed. Control API under /__emulator/ (see control routes below).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadSeed } from '../../fixtures/seed/index';
import type { SeedData } from '../../fixtures/seed/types';
import { driveRoutes } from './drive';
import { GoogleError, nameScopeFailure, OAuthError, unauthenticated, type ApiName } from './errors';
import { createFaultInjector, type FaultInjector, type FaultRule } from './faults';
import { applyFields, FieldsSyntaxError, parseFields } from './fields';
import { addMessage as addMessageTo, expireHistory, GMAIL_DEFAULT_UNITS_PER_MINUTE, GMAIL_QUOTA_UNITS, gmailRoutes, type AddMessageInput } from './gmail';
import { insertRawMessage, type RawInsertOptions } from './gmail-insert';
import { bodyObject, decodeSegment, type Ctx, type Reply, type Route } from './http';
import { issueTokens as mint, makeSigningKeys, normalizeScopes, oauthRoutes, resolveAccessToken, type IssuedTokens, type OAuthSettings } from './oauth';
import { createQuotaTracker, createSheetsQuota, SHEETS_DEFAULT_QUOTA, type SheetsQuotaConfig } from './quota';
import { loadSnapshot, saveSnapshot } from './persistence';
import { createPubSub, type PubSub } from './pubsub';
import { sheetsRoutes } from './sheets';
import { addAccount as addAccountTo, buildState, type Account, type EmulatorState, type OAuthClient } from './state';
import { isViewerPath, viewerReply } from './viewer';

export type { EmulatorState } from './state';
export type { FaultInjector } from './faults';
export type { SeedData } from '../../fixtures/seed/types';

export type GoogleEmulatorOptions = {
  host?: string;
  /** 0 = a free port */
  port?: number;
  /** 'default' (the checked-in seed), 'none' (empty), or seed data */
  seed?: SeedData | 'default' | 'none';
  /** Gmail quota units per user per minute (default 15,000, Gmail's documented limit) */
  quotaUnitsPerMinute?: number;
  /** override per-operation Gmail quota units */
  quotaCosts?: Record<string, number>;
  /** Sheets read/write requests per user and per project (OAuth client) per window; default Google's 60/60/300/300 a minute; false = not enforced */
  sheetsQuota?: Partial<SheetsQuotaConfig> | false;
  /** delay before every answer */
  latencyMs?: number;
  clock?: () => number;
  /** PRNG seed for ids and faults (runs repeat) */
  randomSeed?: number;
  /** npm start: the Drive, Sheets and grants the product made are kept here across restarts */
  snapshotFile?: string;
};

export type RequestLogEntry = {
  /** ISO time (emulator clock) */
  at: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  body?: unknown;
  user?: string;
  api: Exclude<ApiName, 'control'>;
  /** e.g. 'gmail.users.messages.list' */
  operation: string;
  quotaUnits?: number;
  status: number;
  durationMs: number;
  /** the answer came from `faults` */
  fault?: boolean;
};

export type GoogleEmulator = {
  /** e.g. http://127.0.0.1:41234 (also the OIDC issuer) */
  url: string;
  state: EmulatorState;
  log: RequestLogEntry[];
  faults: FaultInjector;
  addMessage(input: AddMessageInput): { id: string; threadId: string; historyId: string };
  /** files raw RFC 822 bytes as users.messages.import does (internalDate from the Date header by default) */
  importRawMessage(mailbox: string, raw: Buffer, options?: Partial<Pick<RawInsertOptions, 'labelIds' | 'threadId' | 'internalDateSource' | 'mode'>>): { id: string; threadId: string; historyId: string };
  /** Gmail push: users.watch state, Pub/Sub topics and push subscriptions, and every delivery made */
  pubsub: PubSub;
  close(): Promise<void>;
  // ---- extras beyond the agreed API
  /** the seed the state was built from (undefined for seed 'none') */
  seed: SeedData | undefined;
  /** mints tokens for an account without the browser flow (scopes default to the product's) */
  issueTokens(email: string, options?: { scopes?: string[]; clientId?: string; refreshToken?: boolean }): Promise<IssuedTokens>;
  addAccount(account: { email: string; name: string; picture?: string }): Account;
  registerClient(client: OAuthClient): void;
  /** Gmail forgets history: older startHistoryId → 404 */
  expireHistory(mailbox: string): void;
  setLatency(ms: number): void;
  setQuota(unitsPerMinute: number): void;
  /** shifts the emulator clock (token expiry, newer_than:) */
  advanceClock(ms: number): void;
  /**
   * Automation: the authorization endpoint signs this account in without showing the picker
   * (unless login_hint names another account or prompt=select_account). undefined = picker.
   */
  autoSelectAccount(email: string | undefined): void;
  /**
   * Automation of the consent screen: every following sign-in unticks these scopes (undefined or
   * [] = tick everything again); `screen: true` makes the picker lead to the checkbox page.
   */
  setConsent(options: { deny?: string[]; screen?: boolean }): void;
  /** back to the seed: mail, Drive, Sheets, accounts, clients (tokens kept unless asked), log, faults, quota */
  reset(options?: { keepTokens?: boolean }): void;
};

export const LOCAL_OAUTH_CLIENT = { clientId: 'threadline-local', clientSecret: 'threadline-local-secret' };

/** Scopes the product asks for (DESIGN.md): what issueTokens grants by default. */
export const PRODUCT_SCOPES = [
  'openid',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/drive.file',
  'https://www.googleapis.com/auth/spreadsheets.readonly',
];

const LOG_CAP = 20_000;
const BODY_LIMIT = 20 * 1024 * 1024;
const SECRET_FIELDS = ['client_secret', 'code', 'code_verifier', 'refresh_token', 'token', 'access_token', 'assertion'];

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > BODY_LIMIT) {
        reject(new GoogleError(413, { message: 'Request payload too large', reason: 'uploadTooLarge' }));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const apiOfPath = (path: string): Exclude<ApiName, 'control'> =>
  path.startsWith('/gmail/') || path.startsWith('/upload/gmail/') ? 'gmail' : path.startsWith('/drive/') || path.startsWith('/upload/drive/') ? 'drive' : path.startsWith('/v4/') ? 'sheets' : 'oauth';

const queryRecord = (q: URLSearchParams): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(q.keys())) {
    const all = q.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  if ('access_token' in out) out.access_token = '[redacted]';
  return out;
};

const redact = (body: unknown): unknown => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const k of SECRET_FIELDS) if (k in out) out[k] = '[redacted]';
  return out;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const startGoogleEmulator = async (options: GoogleEmulatorOptions = {}): Promise<GoogleEmulator> => {
  const host = options.host ?? '127.0.0.1';
  const baseClock = options.clock ?? Date.now;
  let clockOffset = 0;
  const clock = () => baseClock() + clockOffset;
  const seed = options.seed === 'none' ? undefined : options.seed === undefined || options.seed === 'default' ? loadSeed() : structuredClone(options.seed);
  let latencyMs = options.latencyMs ?? 0;

  const keys = await makeSigningKeys();
  const log: RequestLogEntry[] = [];
  const faults = createFaultInjector(options.randomSeed ?? 0xfa017);
  const quota = createQuotaTracker(
    { unitsPerMinute: options.quotaUnitsPerMinute ?? GMAIL_DEFAULT_UNITS_PER_MINUTE, costs: { ...GMAIL_QUOTA_UNITS, ...(options.quotaCosts ?? {}) } },
    clock,
  );
  // Google's per-minute Sheets quotas; SHEETS_EMULATOR_QUOTA_WINDOW_MS scales the window (the same
  // counts per shorter window) so test runs stay fast with the product's limiter scaled alike.
  const scaledWindow = Number(process.env.SHEETS_EMULATOR_QUOTA_WINDOW_MS);
  const sheetsQuota =
    options.sheetsQuota === false
      ? undefined
      : createSheetsQuota({ ...SHEETS_DEFAULT_QUOTA, ...(scaledWindow > 0 ? { windowMs: scaledWindow } : {}), ...(options.sheetsQuota ?? {}) }, clock);

  // state needs the issuer (the URL), known once listening
  const live: { state?: EmulatorState; routes: Route[] } = { routes: [] };
  const sockets = new Set<import('node:net').Socket>();

  const send = (res: ServerResponse, status: number, reply: Reply) => {
    const headers: Record<string, string> = { ...(reply.headers ?? {}) };
    if (reply.redirect) {
      res.writeHead(302, { ...headers, location: reply.redirect, 'content-type': 'text/html; charset=UTF-8' });
      res.end(`<a href="${reply.redirect.replace(/"/g, '&quot;')}">Continue</a>`);
      return;
    }
    if (reply.html !== undefined) {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(reply.html);
      return;
    }
    if (status === 204 || reply.body === undefined) {
      res.writeHead(status === 200 && reply.body === undefined ? 204 : status, headers);
      res.end();
      return;
    }
    const text = JSON.stringify(reply.body, null, 2);
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', vary: 'Origin, X-Origin, Referer', ...headers });
    res.end(text);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const path = url.pathname;
    // The read-only HTML viewer (viewer.ts): not an API, so not logged, faulted, metered or delayed.
    if (isViewerPath(path) && live.state) {
      req.resume();
      const reply = viewerReply(live.state, method, url);
      send(res, reply.status ?? 200, reply);
      return;
    }
    const isControl = path === '/__emulator' || path.startsWith('/__emulator/');
    let route: Route | undefined;
    let params: string[] = [];
    for (const r of live.routes) {
      if (r.method !== method && !(method === 'HEAD' && r.method === 'GET')) continue;
      const m = r.pattern.exec(path);
      if (m) {
        route = r;
        params = m.slice(1).map((p) => decodeSegment(p ?? ''));
        break;
      }
    }
    const api: Exclude<ApiName, 'control'> = route && route.api !== 'control' ? route.api : apiOfPath(path);
    const entry: RequestLogEntry = { at: new Date(clock()).toISOString(), method, path, query: queryRecord(url.searchParams), api, operation: route?.operation ?? 'unknown', status: 0, durationMs: 0 };
    let status: number;
    let reply: Reply;
    try {
      const rawBytes = await readBody(req);
      const rawBody = rawBytes.toString('utf8');
      let body: unknown;
      const ctype = (req.headers['content-type'] ?? '').toLowerCase();
      if (rawBody.trim() !== '' && !(route?.media && !ctype.includes('json'))) {
        if (ctype.includes('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(rawBody));
        else if (ctype.includes('json') || ctype === '' || ctype.includes('text/plain')) {
          try {
            body = JSON.parse(rawBody);
          } catch {
            if (route?.api === 'oauth') body = Object.fromEntries(new URLSearchParams(rawBody));
            else throw new GoogleError(400, { message: `Invalid JSON payload received. Unexpected token.\n${rawBody.slice(0, 40)}\n^`, reason: 'parseError' });
          }
        } else if (route && route.api !== 'oauth' && route.api !== 'control') {
          throw new GoogleError(400, { message: `Media type '${ctype}' is not supported. Valid media types: [application/json]`, reason: 'badContent' });
        }
      }
      if (body !== undefined && !isControl) entry.body = route?.api === 'oauth' ? redact(body) : body;
      if (!route) {
        if (isControl || api === 'oauth') throw new GoogleError(404, { message: `Not Found: ${method} ${path}` });
        throw new GoogleError(404, { message: `The requested URL ${path} was not found on this server.`, reason: 'notFound' });
      }
      const state = live.state!;
      const ctx: Ctx = { method, path, url, query: url.searchParams, headers: req.headers, rawBody, rawBytes, body, params, state };
      if (!isControl && latencyMs > 0) await sleep(latencyMs);
      if (route.auth) {
        const h = req.headers.authorization ?? '';
        const at = resolveAccessToken(state, h.startsWith('Bearer ') ? h.slice(7).trim() : (url.searchParams.get('access_token') ?? undefined));
        const account = at ? state.accounts.get(at.email) : undefined;
        if (!at || !account) throw unauthenticated();
        ctx.token = at;
        ctx.account = account;
        entry.user = account.email;
      }
      if (!isControl) {
        if (route.api === 'gmail' && entry.user) {
          const units = quota.charge(entry.user, route.operation);
          if (units !== undefined) entry.quotaUnits = units;
        }
        if (route.api === 'sheets' && entry.user && ctx.token) sheetsQuota?.charge(entry.user, ctx.token.clientId, route.operation);
        const fault = faults.decide(api, route.operation, entry.user);
        if (fault) {
          entry.fault = true;
          throw fault;
        }
      }
      reply = await route.handler(ctx);
      status = reply.status ?? (reply.redirect ? 302 : 200);
      const fields = url.searchParams.get('fields') ?? undefined;
      const defaultFields = (reply as Reply & { defaultFields?: string }).defaultFields;
      if (reply.body !== undefined && status < 300 && !isControl && (fields || defaultFields)) {
        try {
          reply = { ...reply, body: applyFields(reply.body, parseFields(fields ?? defaultFields!)) };
        } catch (e) {
          if (e instanceof FieldsSyntaxError) throw new GoogleError(400, { message: `Invalid field selection ${fields}`, reason: 'invalidParameter', location: 'fields', locationType: 'parameter' });
          throw e;
        }
      }
    } catch (e) {
      if (e instanceof GoogleError) {
        if (route) nameScopeFailure(e, route.api, route.operation);
        status = e.code;
        reply = { body: e.toBody(), headers: e.headers };
      } else if (e instanceof OAuthError) {
        status = e.code;
        reply = { body: { error: e.error, error_description: e.description } };
      } else {
        console.error('[google-emulator]', method, path, e);
        status = 500;
        reply = { body: new GoogleError(500).toBody() };
      }
    }
    if (!isControl) {
      entry.status = status;
      entry.durationMs = Math.round((performance.now() - started) * 10) / 10;
      log.push(entry);
      if (log.length > LOG_CAP) log.splice(0, log.length - LOG_CAP);
    }
    if (!res.headersSent) send(res, status, method === 'HEAD' ? { ...reply, body: undefined } : reply);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      console.error('[google-emulator] unhandled', e);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const state = buildState(seed, url, clock, options.randomSeed ?? 0x600913);
  if (options.snapshotFile) loadSnapshot(state, options.snapshotFile);
  live.state = state;
  const snapshotFile = options.snapshotFile;
  const persist = () => {
    if (snapshotFile) saveSnapshot(live.state ?? state, snapshotFile);
  };
  // also while running, so a crash loses at most a few seconds of Drive changes
  const persistTimer = snapshotFile ? setInterval(persist, 5_000) : undefined;
  persistTimer?.unref();
  state.clients.set(LOCAL_OAUTH_CLIENT.clientId, { ...LOCAL_OAUTH_CLIENT, name: 'Threadline (local)', redirectUris: 'loopback' });

  const deps = { keys, state, settings: {} as OAuthSettings };
  const pubsub = createPubSub({ state, keys, clock });
  state.onMailAdded = (mailbox, labelIds, historyId) => pubsub.mailChanged(mailbox, labelIds, historyId);
  const emulator: GoogleEmulator = {
    url,
    state,
    log,
    faults,
    seed,
    addMessage: (input) => {
      const added = addMessageTo(state, input);
      const stored = state.mailboxes.get(input.mailbox.toLowerCase())?.messages.get(added.id);
      pubsub.mailChanged(input.mailbox, stored?.labelIds ?? [], Number(added.historyId));
      return added;
    },
    importRawMessage: (mailbox, raw, o = {}) => {
      const m = insertRawMessage(state, { mailbox, raw, mode: o.mode ?? 'import', internalDateSource: o.internalDateSource ?? 'dateHeader', ...(o.labelIds ? { labelIds: o.labelIds } : {}), ...(o.threadId ? { threadId: o.threadId } : {}) });
      return { id: m.id, threadId: m.threadId, historyId: String(m.historyId) };
    },
    pubsub,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (persistTimer) clearInterval(persistTimer);
        pubsub.close();
        persist();
        server.close((err) => (err ? reject(err) : resolve()));
        for (const s of sockets) s.destroy();
      }),
    issueTokens: (email, o = {}) =>
      mint(deps, { email, clientId: o.clientId ?? LOCAL_OAUTH_CLIENT.clientId, scopes: normalizeScopes((o.scopes ?? PRODUCT_SCOPES).join(' ')).scopes, withRefreshToken: o.refreshToken ?? true }),
    addAccount: (a) => {
      const [givenName, ...rest] = a.name.split(' ');
      return addAccountTo(state, { email: a.email, name: a.name, givenName: givenName ?? a.name, familyName: rest.join(' '), picture: a.picture ?? 'https://lh3.googleusercontent.com/a/default-user=s96-c' });
    },
    registerClient: (c) => {
      state.clients.set(c.clientId, c);
    },
    expireHistory: (mailbox) => expireHistory(state, mailbox),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    setQuota: (units) => {
      quota.config.unitsPerMinute = units;
    },
    advanceClock: (ms) => {
      clockOffset += ms;
    },
    autoSelectAccount: (email) => {
      deps.settings.autoSelect = email?.toLowerCase();
    },
    setConsent: ({ deny, screen }) => {
      deps.settings.deniedScopes = deny?.length ? normalizeScopes(deny.join(' ')).scopes : undefined;
      if (screen !== undefined) deps.settings.consentScreen = screen;
    },
    reset: ({ keepTokens = true } = {}) => {
      const fresh = buildState(seed, url, clock, options.randomSeed ?? 0x600913);
      const tokens = state.tokens;
      const extraAccounts = [...state.accounts.values()].filter((a) => !fresh.accounts.has(a.email));
      Object.assign(state, fresh);
      if (keepTokens) {
        state.tokens = tokens;
        for (const a of extraAccounts) addAccountTo(state, a);
      }
      state.clients.set(LOCAL_OAUTH_CLIENT.clientId, { ...LOCAL_OAUTH_CLIENT, name: 'Threadline (local)', redirectUris: 'loopback' });
      log.length = 0;
      faults.clear();
      quota.reset();
      sheetsQuota?.reset();
    },
  };
  live.routes = [...oauthRoutes(deps), ...gmailRoutes(), ...pubsub.routes(), ...driveRoutes(), ...sheetsRoutes(), ...controlRoutes(emulator, () => quota)];
  return emulator;
};

// ---------------------------------------------------------------- control API (/__emulator/...)

const controlRoutes = (emu: GoogleEmulator, quota: () => ReturnType<typeof createQuotaTracker>): Route[] => {
  const r = (method: string, path: string, operation: string, handler: Route['handler']): Route => ({ method, pattern: new RegExp(`^\\/__emulator${path}$`), api: 'control', operation, auth: false, handler });
  const str = (v: unknown, name: string): string => {
    if (typeof v !== 'string' || !v) throw new GoogleError(400, { message: `${name} is required` });
    return v;
  };
  return [
    r('GET', '(?:\\/)?', 'control.summary', () => ({
      body: {
        url: emu.url,
        accounts: [...emu.state.accounts.values()].map((a) => ({ email: a.email, name: a.name })),
        mailboxes: [...emu.state.mailboxes.values()].map((m) => ({ email: m.email, messages: m.messages.size, threads: m.threads.size, historyId: String(m.historyId), historyFloor: String(m.historyFloor) })),
        files: emu.state.files.size,
        spreadsheets: emu.state.spreadsheets.size,
        clients: [...emu.state.clients.keys()],
        quota: { unitsPerMinute: quota().config.unitsPerMinute },
        faults: emu.faults.list(),
        logEntries: emu.log.length,
      },
    })),
    r('GET', '\\/log', 'control.log', (ctx) => {
      const since = Number(ctx.query.get('since') ?? 0);
      const api = ctx.query.get('api');
      const op = ctx.query.get('operation');
      const user = ctx.query.get('user');
      const entries = emu.log.slice(since).filter((e) => (!api || e.api === api) && (!op || e.operation === op) && (!user || e.user === user));
      return { body: { total: emu.log.length, entries } };
    }),
    r('DELETE', '\\/log', 'control.clearLog', () => {
      emu.log.length = 0;
      return { status: 204 };
    }),
    r('POST', '\\/messages', 'control.addMessage', (ctx) => {
      const b = bodyObject(ctx);
      const input: AddMessageInput = {
        mailbox: str(b.mailbox, 'mailbox'),
        from: str(b.from, 'from'),
        to: Array.isArray(b.to) ? (b.to as string[]) : [str(b.to, 'to')],
        subject: typeof b.subject === 'string' ? b.subject : '',
        body: typeof b.body === 'string' ? b.body : '',
        ...(typeof b.threadId === 'string' ? { threadId: b.threadId } : {}),
        ...(Array.isArray(b.cc) ? { cc: b.cc as string[] } : {}),
        ...(typeof b.date === 'string' || typeof b.date === 'number' ? { date: new Date(b.date) } : {}),
      };
      try {
        return { body: emu.addMessage(input) };
      } catch (e) {
        throw new GoogleError(400, { message: (e as Error).message });
      }
    }),
    r('POST', '\\/messages\\/raw', 'control.importRawMessage', (ctx) => {
      const b = bodyObject(ctx);
      const mailbox = str(b.mailbox, 'mailbox');
      if (!emu.state.mailboxes.has(mailbox.toLowerCase())) throw new GoogleError(400, { message: `no mailbox ${mailbox}` });
      const raw = Buffer.from(str(b.raw, 'raw').replace(/-/g, '+').replace(/_/g, '/'), 'base64');
      return { body: emu.importRawMessage(mailbox, raw, { ...(Array.isArray(b.labelIds) ? { labelIds: b.labelIds as string[] } : {}), ...(typeof b.threadId === 'string' ? { threadId: b.threadId } : {}) }) };
    }),
    r('GET', '\\/faults', 'control.faults', () => ({ body: { rules: emu.faults.list(), injected: emu.faults.injected } })),
    r('POST', '\\/faults', 'control.setFaults', (ctx) => {
      const b = bodyObject(ctx);
      const rules = (Array.isArray(b.rules) ? b.rules : [b]) as FaultRule[];
      if (b.replace === true) emu.faults.clear();
      try {
        for (const rule of rules) emu.faults.set(rule);
      } catch (e) {
        throw new GoogleError(400, { message: (e as Error).message });
      }
      return { body: { rules: emu.faults.list() } };
    }),
    r('DELETE', '\\/faults', 'control.clearFaults', () => {
      emu.faults.clear();
      return { status: 204 };
    }),
    r('POST', '\\/quota', 'control.quota', (ctx) => {
      const b = bodyObject(ctx);
      if (typeof b.unitsPerMinute === 'number') emu.setQuota(b.unitsPerMinute);
      if (b.reset === true) quota().reset();
      return { body: { unitsPerMinute: quota().config.unitsPerMinute } };
    }),
    r('POST', '\\/latency', 'control.latency', (ctx) => {
      const b = bodyObject(ctx);
      emu.setLatency(Number(b.ms ?? 0));
      return { body: { ms: Number(b.ms ?? 0) } };
    }),
    r('POST', '\\/clock', 'control.clock', (ctx) => {
      const b = bodyObject(ctx);
      emu.advanceClock(Number(b.advanceMs ?? 0));
      return { body: { now: new Date(emu.state.clock()).toISOString() } };
    }),
    r('POST', '\\/tokens', 'control.tokens', async (ctx) => {
      const b = bodyObject(ctx);
      const email = str(b.email, 'email').toLowerCase();
      if (!emu.state.accounts.has(email)) throw new GoogleError(404, { message: `unknown account ${email}` });
      return { body: await emu.issueTokens(email, { ...(Array.isArray(b.scopes) ? { scopes: b.scopes as string[] } : {}), ...(typeof b.clientId === 'string' ? { clientId: b.clientId } : {}) }) };
    }),
    r('POST', '\\/accounts', 'control.addAccount', (ctx) => {
      const b = bodyObject(ctx);
      return { body: emu.addAccount({ email: str(b.email, 'email'), name: typeof b.name === 'string' ? b.name : str(b.email, 'email').split('@')[0]!, ...(typeof b.picture === 'string' ? { picture: b.picture } : {}) }) };
    }),
    r('POST', '\\/clients', 'control.registerClient', (ctx) => {
      const b = bodyObject(ctx);
      const redirectUris = b.redirectUris === 'loopback' ? 'loopback' : Array.isArray(b.redirectUris) ? (b.redirectUris as string[]) : [];
      emu.registerClient({ clientId: str(b.clientId, 'clientId'), clientSecret: str(b.clientSecret, 'clientSecret'), name: typeof b.name === 'string' ? b.name : str(b.clientId, 'clientId'), redirectUris });
      return { body: { clientId: b.clientId } };
    }),
    r('POST', '\\/oauth\\/auto-select', 'control.autoSelect', (ctx) => {
      const b = bodyObject(ctx);
      const email = typeof b.email === 'string' && b.email ? b.email.toLowerCase() : undefined;
      if (email && !emu.state.accounts.has(email)) throw new GoogleError(404, { message: `unknown account ${email}` });
      emu.autoSelectAccount(email);
      return { body: { autoSelect: email ?? null } };
    }),
    r('POST', '\\/oauth\\/consent', 'control.consent', (ctx) => {
      const b = bodyObject(ctx);
      const deny = Array.isArray(b.deny) ? b.deny.filter((scope): scope is string => typeof scope === 'string') : [];
      emu.setConsent({ deny, ...(typeof b.screen === 'boolean' ? { screen: b.screen } : {}) });
      return { body: { deny } };
    }),
    r('POST', '\\/reset', 'control.reset', (ctx) => {
      const b = bodyObject(ctx);
      emu.reset({ keepTokens: b.keepTokens !== false });
      return { status: 204 };
    }),
    r('POST', '\\/history\\/expire', 'control.expireHistory', (ctx) => {
      const b = bodyObject(ctx);
      try {
        emu.expireHistory(str(b.mailbox, 'mailbox'));
      } catch (e) {
        throw new GoogleError(404, { message: (e as Error).message });
      }
      return { status: 204 };
    }),
  ];
};
