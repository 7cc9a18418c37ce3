import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCompletion, type Usage } from './completion';
import {
  insufficientQuota,
  invalidApiKey,
  invalidRequest,
  missingApiKey,
  modelNotFound,
  rateLimited,
  serverError,
  unknownRoute,
  type EmulatorError,
} from './errors';
import { bearerKey, LOCAL_OPENAI_KEY, maskKey, redactKey, type KeyState } from './keys';
import { findModel, isShutDown, liveModels, type EmulatedModel } from './models';
import { createRateLimiter, rateLimitsFromEnv, type RateLimits } from './rate-limits';

export { LOCAL_OPENAI_KEY } from './keys';
export type { KeyState } from './keys';
export type { RateLimits } from './rate-limits';

/**
 * A local stand-in for the OpenAI API: `GET /v1/models`, `GET /v1/models/{id}` and
 * `POST /v1/chat/completions`, with the real error shapes, deterministic answers derived from
 * the input, configurable latency, injected faults and per-key states (revoked, out of quota,
 * rate limited). Loopback only: it accepts a published key, so it must never face a network.
 */
export type OpenAIEmulatorOptions = {
  host?: string;
  port?: number;
  latencyMs?: number;
  /** Keys that authenticate; default [LOCAL_OPENAI_KEY]. */
  keys?: string[];
  /**
   * The emulator's clock (an ISO date-time, epoch ms or a function): models retire on their
   * announced shutdown dates against it. Default: the real time.
   */
  now?: string | number | (() => number);
  /**
   * Requests/tokens per minute of each key's pool per model, enforced as OpenAI does (rate-limits.ts). Default:
   * OPENAI_EMULATOR_TIER / OPENAI_EMULATOR_RPM / OPENAI_EMULATOR_TPM, else not enforced.
   */
  rateLimits?: RateLimits | false;
};

const clockOf = (given: OpenAIEmulatorOptions['now']): (() => number) => {
  // Unset: OPENAI_EMULATOR_NOW when set (the test runs pin it, see vitest.config.ts), else the real time.
  const now = given ?? (process.env.OPENAI_EMULATOR_NOW || undefined);
  if (typeof now === 'function') return now;
  if (typeof now === 'number') return () => now;
  if (typeof now === 'string') {
    const at = Date.parse(now);
    if (!Number.isFinite(at)) throw new Error(`The OpenAI emulator's clock must be a date-time, not ${now}`);
    return () => at;
  }
  return Date.now;
};

export type OpenAILogEntry = {
  at: string;
  method: string;
  path: string;
  model?: string;
  /** Never the key itself: `sha256:` and 12 hex characters. */
  key?: string;
  body?: unknown;
  usage?: Usage;
  status: number;
  /** The error code returned, when the request failed. */
  code?: string | null;
  /** Tokens the rate limiter counted at admission (the larger of max tokens and the prompt estimate), when enforced. */
  admittedTokens?: number;
  /** Epoch ms the request arrived (the real clock: rate limits run on it). */
  arrivedAt?: number;
};

export type FaultStatus = 429 | 500 | 503 | 402;
export type FaultSpec = { status: FaultStatus; rate: number; code?: string; retryAfterSeconds?: number };

export type OpenAIEmulator = {
  /** Base URL ending in /v1, ready for the SDK's `baseURL`. */
  url: string;
  log: OpenAILogEntry[];
  faults: { set(spec: FaultSpec): void; clear(): void };
  setKeyState(key: string, state: KeyState): void;
  setLatency(ms: number): void;
  /** Rate limits of every key's pool per model from now on (undefined: not enforced); buckets start full. */
  setRateLimits(limits: RateLimits | undefined): void;
  /** Sets the clock models retire against (undefined: the real time again). */
  setNow(now: OpenAIEmulatorOptions['now']): void;
  close(): Promise<void>;
};

/** The Model object of `GET /v1/models` (developers.openai.com/api/reference/resources/models): `shutdown_date` yyyy-MM-dd or null. */
const modelObject = (m: EmulatedModel) => ({ id: m.id, object: 'model', created: m.created, owned_by: m.ownedBy, shutdown_date: m.shutdown ?? null });

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fault at rate r fails exactly r of the calls, spread evenly and starting with the first
 * (rate 0.5: fail, ok, fail, ok...): reproducible, unlike Math.random.
 */
const makeFaults = () => {
  let spec: FaultSpec | undefined;
  let calls = 0;
  return {
    set(next: FaultSpec) {
      if (!(next.rate >= 0 && next.rate <= 1)) throw new Error('fault rate must be within 0..1');
      spec = next;
      calls = 0;
    },
    clear() {
      spec = undefined;
    },
    next(model: string): EmulatorError | undefined {
      if (!spec) return undefined;
      const before = Math.ceil(calls * spec.rate);
      calls += 1;
      if (Math.ceil(calls * spec.rate) === before) return undefined;
      if (spec.status === 402 || spec.code === 'insufficient_quota') return insufficientQuota(spec.status === 402 ? 402 : 429);
      if (spec.status === 429) return rateLimited(model, spec.retryAfterSeconds ?? 1);
      return serverError(spec.status);
    },
  };
};

export const startOpenAIEmulator = async (options: OpenAIEmulatorOptions = {}): Promise<OpenAIEmulator> => {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new Error(`The OpenAI emulator listens on loopback only, not ${host}`);
  let latencyMs = options.latencyMs ?? 0;
  const keyStates = new Map<string, KeyState>((options.keys ?? [LOCAL_OPENAI_KEY]).map((k) => [k, 'ok']));
  const log: OpenAILogEntry[] = [];
  const faults = makeFaults();
  let clock = clockOf(options.now);
  const limiter = createRateLimiter(options.rateLimits === false ? undefined : (options.rateLimits ?? rateLimitsFromEnv()));

  const send = (res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-request-id': `req_${randomBytes(12).toString('hex')}`,
      'openai-version': '2020-10-01',
      'openai-processing-ms': String(latencyMs),
      ...headers,
    });
    res.end(JSON.stringify(payload));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const raw = method === 'POST' ? await readBody(req) : '';
    let body: unknown;
    let parseFailed = false;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        parseFailed = true;
      }
    }
    const key = bearerKey(req.headers.authorization);
    const requestedModel =
      body && typeof body === 'object' && 'model' in body && typeof body.model === 'string' ? body.model : undefined;
    const entry: OpenAILogEntry = {
      at: new Date().toISOString(),
      method,
      path: url.pathname,
      ...(requestedModel ? { model: requestedModel } : {}),
      ...(key ? { key: redactKey(key) } : {}),
      ...(body !== undefined ? { body } : {}),
      status: 0,
      arrivedAt: Date.now(),
    };
    log.push(entry);
    // Admission comes before the model runs: a refused request is answered at once.
    let rateHeaders: Record<string, string> | undefined;
    if (method === 'POST' && url.pathname === '/v1/chat/completions' && key && keyStates.get(key) === 'ok' && !parseFailed) {
      const admission = limiter.admit(redactKey(key)!, requestedModel ?? 'gpt-4.1-mini', body);
      if (admission) {
        entry.admittedTokens = admission.tokens;
        if (!admission.ok) {
          entry.status = admission.error.status;
          entry.code = admission.error.body.error.code;
          return send(res, admission.error.status, admission.error.body, admission.error.headers);
        }
        rateHeaders = admission.headers;
      }
    }
    if (latencyMs > 0) await sleep(latencyMs);

    const reply = (status: number, payload: unknown, headers?: Record<string, string>) => {
      entry.status = status;
      send(res, status, payload, headers);
    };
    const replyError = (e: EmulatorError) => {
      entry.code = e.body.error.code;
      reply(e.status, e.body, e.headers);
    };

    if (!key) return replyError(missingApiKey());
    const state = keyStates.get(key);
    if (state === undefined || state === 'revoked') return replyError(invalidApiKey(maskKey(key)));
    if (state === 'quota') return replyError(insufficientQuota());
    if (state === 'rate_limited') return replyError(rateLimited(requestedModel ?? 'gpt-4.1-mini', 20));
    const fault = faults.next(requestedModel ?? 'gpt-4.1-mini');
    if (fault) return replyError(fault);

    if (method === 'GET' && url.pathname === '/v1/models') {
      return reply(200, {
        object: 'list',
        data: liveModels(clock()).map(modelObject),
      });
    }
    const modelPath = /^\/v1\/models\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && modelPath) {
      const id = decodeURIComponent(modelPath[1]!);
      const m = findModel(id);
      return m && !isShutDown(m, clock()) ? reply(200, modelObject(m)) : replyError(modelNotFound(id));
    }
    if (method === 'POST' && url.pathname === '/v1/chat/completions') {
      if (parseFailed) {
        return replyError(
          invalidRequest(
            "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
          ),
        );
      }
      const result = createCompletion(body, clock);
      if (!result.ok) return replyError(result.error);
      entry.usage = result.completion.usage;
      return reply(200, result.completion, rateHeaders);
    }
    return replyError(unknownRoute(method, url.pathname));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, serverError(500).body);
      console.error('openai emulator: unexpected failure', error);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${shownHost}:${address.port}/v1`,
    log,
    faults: { set: (spec) => faults.set(spec), clear: () => faults.clear() },
    setKeyState: (key, next) => keyStates.set(key, next),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    setRateLimits: (limits) => limiter.set(limits),
    setNow: (now) => {
      clock = clockOf(now);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
