import { AppError, Forbidden, NotFound, TooManyRequests, UpstreamError } from '../http/errors';
import { asError } from '../logger';

/**
 * Typed Google failures. Each carries a stable `name` because Step Functions matches Retry and
 * Catch on the Lambda error type (`error.name`): 'RateLimited' and 'UpstreamError' are retried
 * by the state machine; the others are decisions (re-consent, skip, report) for the caller.
 * They extend the HTTP errors so a handler that lets one escape answers with a sensible status.
 */

/** The user's refresh token no longer works (revoked, expired, password change): re-consent needed. */
export class GoogleAuthRevoked extends AppError {
  constructor(message = 'Google access was revoked or expired. Please sign in with Google again.') {
    // 403, not 401: a 401 makes the web client drop the product session, which is still valid.
    super(403, 'FORBIDDEN', message, { tip: 'Sign out and sign in again to reconnect your Google account' });
    this.name = 'GoogleAuthRevoked';
  }
}

export class GoogleNotFound extends NotFound {
  constructor(message = 'Google resource not found') {
    super(message);
    this.name = 'GoogleNotFound';
  }
}

/** `history.list` answers 404 when the stored historyId is too old: do a full sync instead. */
export class HistoryExpired extends GoogleNotFound {
  constructor(readonly startHistoryId: string) {
    super(`Gmail history ${startHistoryId} is no longer available`);
    this.name = 'HistoryExpired';
  }
}

export class GooglePermissionDenied extends Forbidden {
  constructor(message = 'No permission to access this Google resource') {
    super(message);
    this.name = 'GooglePermissionDenied';
  }
}

/**
 * The access token lacks the scope the call needs (the person unticked it on Google's consent
 * screen): 403 insufficientPermissions / ACCESS_TOKEN_SCOPE_INSUFFICIENT. Only a new consent helps.
 */
export class GoogleScopeMissing extends GooglePermissionDenied {
  constructor(message = "No permission for this in Google: it was not allowed on Google's consent screen. Sign in with Google again and allow it.") {
    super(message);
    this.name = 'GoogleScopeMissing';
  }
}

/** The scope failure as Google answers it (v1 `errors[].reason`, or the ErrorInfo reason / header). */
export const SCOPE_REASONS = new Set(['insufficientPermissions', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT']);

/**
 * The OAuth client itself was refused at the token endpoint (wrong client secret, deleted
 * client): an operator's configuration problem, never the user's to fix by signing in again.
 */
export const isOAuthClientRejected = (error: unknown): boolean => {
  const e = (error ?? {}) as { error?: unknown; code?: unknown; message?: unknown; response?: { data?: { error?: unknown } } };
  return e.error === 'invalid_client' || e.response?.data?.error === 'invalid_client' || e.message === 'invalid_client';
};

/** Operators' log code of a refused OAuth client (alarms and log searches key on it). */
export const OAUTH_CLIENT_MISCONFIGURED = 'GOOGLE_OAUTH_CLIENT_MISCONFIGURED';

/**
 * Google refused the OAuth client (invalid_client: a wrong GOOGLE_CLIENT_SECRET or a deleted
 * client). Every person's access fails the same way, so no grant is marked revoked: it is the
 * deployment's configuration to fix. Not retried.
 */
export class GoogleClientMisconfigured extends AppError {
  readonly logCode = OAUTH_CLIENT_MISCONFIGURED;
  constructor(message = 'Threadline cannot use Google because of a configuration problem on the server. Please tell your administrator; signing in again will not help.') {
    super(503, 'UPSTREAM', message);
    this.name = 'GoogleClientMisconfigured';
  }
}

/** Per-user or per-project rate limit; retry after `retryAfterMs`. */
export class GoogleRateLimited extends TooManyRequests {
  constructor(
    readonly retryAfterMs: number,
    message = 'Google rate limit reached. Please wait a moment.',
  ) {
    super(message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) } });
    this.name = 'RateLimited';
  }
}

/** A daily or project quota is spent: retrying within minutes will not help. */
export class GoogleQuotaExceeded extends AppError {
  constructor(message = 'Google API quota exceeded. Please try again later.') {
    super(429, 'TOO_MANY_REQUESTS', message);
    this.name = 'QuotaExceeded';
  }
}

/** 5xx or network failure that survived our retries. */
export class GoogleUnavailable extends UpstreamError {
  constructor(message = 'Google service issue. Please try again later.', readonly upstreamStatus?: number) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** Google refused the request itself (400, 409...): a bug or bad input, never retried. */
export class GoogleRequestRejected extends UpstreamError {
  constructor(
    message: string,
    readonly upstreamStatus: number,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'GoogleRequestRejected';
  }
}

export type GoogleError =
  | GoogleAuthRevoked
  | GoogleNotFound
  | GooglePermissionDenied
  | GoogleRateLimited
  | GoogleQuotaExceeded
  | GoogleUnavailable
  | GoogleRequestRejected;

/** What we read from a gaxios failure, without ever touching its request headers (tokens). */
export type GoogleFailure = {
  status?: number;
  /** `error.errors[0].reason` (v1-style) or `error.status` (RESOURCE_EXHAUSTED...) or OAuth `error`. */
  reason?: string;
  message?: string;
  retryAfterMs?: number;
  network: boolean;
};

const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'TimeoutError', 'AbortError']);

/** Retry-After is seconds or an HTTP date. */
export const parseRetryAfter = (value: string | null | undefined, now = Date.now()): number | undefined => {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
};

type Shaped = {
  response?: { status?: number; data?: unknown; headers?: Headers | Record<string, string> };
  status?: number;
  code?: string | number;
  cause?: { code?: string };
  message?: string;
  name?: string;
};

const header = (headers: Headers | Record<string, string> | undefined, name: string): string | undefined => {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string>;
  return record[name] ?? record[name.toLowerCase()];
};

export const describeFailure = (error: unknown): GoogleFailure => {
  const e = (error ?? {}) as Shaped;
  const status = e.response?.status ?? (typeof e.status === 'number' ? e.status : undefined);
  const data = e.response?.data as
    | { error?: string | { message?: string; status?: string; errors?: { reason?: string; message?: string }[] }; error_description?: string }
    | undefined;
  let reason: string | undefined;
  let message: string | undefined;
  if (typeof data?.error === 'string') {
    reason = data.error; // OAuth token endpoint: {error:'invalid_grant', error_description}
    message = data.error_description;
  } else if (data?.error) {
    reason = data.error.errors?.[0]?.reason ?? data.error.status;
    message = data.error.message;
  }
  // gaxios names an OAuth failure by its error code when the body is gone.
  if (!reason && (e.message === 'invalid_grant' || e.message === 'invalid_client')) reason = e.message;
  const code = String(e.code ?? e.cause?.code ?? '');
  const network = status === undefined && (NETWORK_CODES.has(code) || /fetch failed|socket hang up|network|timeout/i.test(e.message ?? '') || e.name === 'AbortError');
  return { status, reason, message, retryAfterMs: parseRetryAfter(header(e.response?.headers, 'retry-after')), network };
};

const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'RESOURCE_EXHAUSTED', 'backendError']);
const QUOTA_REASONS = new Set(['dailyLimitExceeded', 'quotaExceeded', 'sharingRateLimitExceeded', 'storageQuotaExceeded']);

/** Whether our retry loop should try again (before it gives up and maps the error). */
export const isRetryable = (f: GoogleFailure): boolean =>
  f.network || f.status === 429 || (f.status !== undefined && f.status >= 500) || (f.status === 403 && RATE_REASONS.has(f.reason ?? ''));

/** Maps a failure to the typed error the domain sees. `notFound` lets a caller name the missing thing. */
export const toGoogleError = (error: unknown, notFound?: () => GoogleNotFound): GoogleError | Error => {
  if (error instanceof AppError) return error as GoogleError;
  const f = describeFailure(error);
  const message = f.message ? `Google: ${f.message}` : undefined;
  if (f.reason === 'invalid_client') return new GoogleClientMisconfigured();
  if (f.reason === 'invalid_grant' || (f.reason === 'invalid_client' && f.status === 401)) return new GoogleAuthRevoked();
  if (f.status === 401) return new GoogleAuthRevoked();
  if (f.status === 404) return notFound?.() ?? new GoogleNotFound();
  if (f.status === 429 || (f.status === 403 && RATE_REASONS.has(f.reason ?? ''))) return new GoogleRateLimited(f.retryAfterMs ?? 1000);
  if (f.status === 403 && QUOTA_REASONS.has(f.reason ?? '')) return new GoogleQuotaExceeded();
  if (f.status === 403 && SCOPE_REASONS.has(f.reason ?? '')) return new GoogleScopeMissing();
  if (f.status === 403) return new GooglePermissionDenied();
  if (f.network || (f.status !== undefined && f.status >= 500)) return new GoogleUnavailable(undefined, f.status);
  if (f.status !== undefined) return new GoogleRequestRejected(message ?? `Google rejected the request (${f.status})`, f.status, f.reason);
  return asError(error);
};
