import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRuntime, type Runtime, type RuntimeOptions } from '../../infra/local/runtime';

export type ApiResponse<T = Record<string, unknown>> = { status: number; body: T; headers: Headers; text: string };

export type Client = {
  token?: string;
  request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, init?: { headers?: Record<string, string>; rawBody?: string }): Promise<ApiResponse<T>>;
  get<T = Record<string, unknown>>(path: string): Promise<ApiResponse<T>>;
  post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<ApiResponse<T>>;
};

/** A caller of the local runtime's HTTP API, optionally holding a session token (Bearer). */
export const client = (runtime: Pick<Runtime, 'url'>, token?: string): Client => {
  const request: Client['request'] = async (method, path, body, init = {}) => {
    const headers: Record<string, string> = { 'x-requested-with': 'threadline', ...init.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: string | undefined = init.rawBody;
    if (body !== undefined && payload === undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(path, runtime.url), { method, headers, body: payload, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // not JSON (the SPA, a redirect): callers look at text
    }
    return { status: response.status, body: parsed as never, headers: response.headers, text };
  };
  return {
    token,
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body ?? {}),
  };
};

export type Booted = { runtime: Runtime; dataDir: string; stop(options?: { keepData?: boolean }): Promise<void> };

/** Boots the whole local runtime in-process on a free port with a fresh data folder. */
export const boot = async (options: RuntimeOptions = {}): Promise<Booted> => {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'threadline-it-'));
  const runtime = await startRuntime({ port: 0, quiet: true, monitorIntervalMs: false, retryIntervalMs: 5, ...options, dataDir });
  return {
    runtime,
    dataDir,
    async stop({ keepData = false } = {}) {
      await runtime.close();
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
