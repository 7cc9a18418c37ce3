import { CSRF_HEADER, TIMING } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { isSafeRedirectPath } from '../../../shared/safe-redirect';
import { clearAuthToken, getAuthToken } from './auth-token';
import { withRetry, type RetryOptions } from './retry';

/** Every failed call surfaces as an ApiError: status 0 = network, 408 = timeout. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Caller cancellation (react-query passes its own signal). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * The retry helper (3 tries, 1 s apart, no 4xx retried but 429). On by default for GET, which
   * is safe to repeat; off by default for the state-changing methods, which are not.
   */
  retry?: boolean;
  /**
   * The call's own words when the server says nothing of what went wrong: the spec's "Fallback
   * messages" ("Failed to list agencies"...), in place of the bare "Request failed".
   */
  fallback?: string;
};

export type ApiRetryPolicy = Required<Pick<RetryOptions, 'tries' | 'delayMs'>>;

const SPEC_RETRY: ApiRetryPolicy = { tries: TIMING.retryTries, delayMs: TIMING.retryDelayMs };
let retryPolicy: ApiRetryPolicy = SPEC_RETRY;

/**
 * Replaces the client's retry policy; with no argument, restores the spec's (3 tries, 1 s). The
 * web unit tests set one try (web/src/testing/setup.ts) so a stubbed failure fails at once.
 */
export const configureApiRetry = (policy: ApiRetryPolicy = SPEC_RETRY): void => {
  retryPolicy = policy;
};

// import.meta.env exists under vite and vitest, not under tsx; the literal expression must stay
// as written so vite can substitute it at build time.
export const apiBase = (): string => (import.meta.env?.VITE_API_BASE ?? '').replace(/\/+$/, '');

export const apiUrl = (path: string, query?: Record<string, QueryValue>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${apiBase()}${path}${qs ? `?${qs}` : ''}`;
};

const INVITE_ACCEPT_PATH = '/api/v3/agency/invitations/accept';

type ErrorBody = { error?: unknown; message?: unknown; tip?: unknown; redirect_url?: unknown };

const asRecord = (value: unknown): ErrorBody =>
  typeof value === 'object' && value !== null ? (value as ErrorBody) : {};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The server's error (or message) field, with its tip appended after a period. */
export const errorMessageFrom = (body: unknown, fallback: string = messages.api.requestFailed): string => {
  const record = asRecord(body);
  const base = text(record.error) ?? text(record.message);
  if (!base) return fallback;
  const tip = text(record.tip);
  if (!tip) return base;
  return /[.!?]$/.test(base) ? `${base} ${tip}` : `${base}. ${tip}`;
};

const readBody = async (response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> => {
  const raw = await response.text();
  if (raw.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
};

const isRefusal = (body: unknown): boolean => {
  const record = asRecord(body) as ErrorBody & { success?: unknown; status?: unknown };
  return record.success === false || record.status === 'error';
};

// DOMException is not an Error subclass in every environment: compare by name.
const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

const navigateTo = (url: string) => {
  // Only same-origin paths, by the server's own rule: a hostile body must not send the browser elsewhere.
  if (isSafeRedirectPath(url)) globalThis.location?.assign(url);
};

/**
 * One request to the API. Sends JSON with cookies, the bearer token when one is stored and the
 * CSRF header; maps every failure to the spec's client-level ApiError. GETs go through the
 * retry helper (network failures, 5xx and 429 are tried again; see RequestOptions.retry).
 */
export const apiRequest = <T = unknown>(path: string, options: RequestOptions = {}): Promise<T> => {
  const { method = 'GET', retry = method === 'GET', signal } = options;
  if (!retry) return sendOnce<T>(path, options);
  return withRetry(() => sendOnce<T>(path, options), { ...retryPolicy, signal });
};

const sendOnce = async <T>(path: string, options: RequestOptions): Promise<T> => {
  const { method = 'GET', body, query, headers = {}, signal, timeoutMs = TIMING.requestTimeoutMs, fallback } = options;
  const requestHeaders: Record<string, string> = {
    Accept: 'application/json',
    [CSRF_HEADER.name]: CSRF_HEADER.value,
    ...headers,
  };
  if (body !== undefined) requestHeaders['Content-Type'] = 'application/json';
  const token = getAuthToken();
  if (token) requestHeaders.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort);

  try {
    let response: Response;
    try {
      response = await fetch(apiUrl(path, query), {
        method,
        headers: requestHeaders,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(408, messages.api.timeout);
      // The caller gave up (unmount, query cancelled): keep its AbortError so react-query knows.
      if (signal?.aborted) throw error;
      throw new ApiError(0, messages.api.network);
    }

    const parsed = await readBody(response);
    const data = parsed.ok ? parsed.value : undefined;

    if (!response.ok) {
      if (response.status === 401) {
        clearAuthToken();
        const redirectUrl = text(asRecord(data).redirect_url);
        if (redirectUrl && path.startsWith(INVITE_ACCEPT_PATH)) navigateTo(redirectUrl);
      }
      if (response.status >= 500) {
        console.error(`API ${method} ${path} failed with ${response.status}`, data);
      }
      throw new ApiError(response.status, errorMessageFrom(data, fallback), data);
    }

    if (!parsed.ok) throw new ApiError(response.status, messages.api.unexpectedFormat);
    if (isRefusal(data)) throw new ApiError(response.status, errorMessageFrom(data, fallback ?? messages.api.operationFailed), data);
    return data as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isAbortError(error)) throw error;
    throw new ApiError(500, messages.api.unknown);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
};

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Message of any thrown value, for toasts: ApiError text or the given fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
