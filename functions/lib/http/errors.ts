import { json, type HttpResult } from './respond';

/**
 * Typed errors, mapped once (errorResponse, below) to the spec's failure shape
 * `{success:false, error, message, tip?}`. `error` and `message` carry the same human text
 * because the web client shows "the server's error or message field".
 */

/**
 * The HTTP errors, one row each: status, code and the message when the thrower gives none (no
 * default: the thrower must say what was wrong). Each class below is built from its row.
 */
const HTTP_ERRORS = {
  BadRequest: { status: 400, code: 'BAD_REQUEST' },
  Unauthorized: { status: 401, code: 'UNAUTHORIZED', message: 'Authentication required' },
  Forbidden: { status: 403, code: 'FORBIDDEN', message: 'You do not have access to this resource' },
  NotFound: { status: 404, code: 'NOT_FOUND', message: 'Not found' },
  Conflict: { status: 409, code: 'CONFLICT' },
  PayloadTooLarge: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  UnsupportedMediaType: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Request body must be JSON (Content-Type: application/json)' },
  TooManyRequests: { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please wait a moment.' },
  /** A dependency (Google, OpenAI) failed in a way the caller can retry. */
  UpstreamError: { status: 502, code: 'UPSTREAM' },
} as const satisfies Record<string, { status: number; code: string; message?: string }>;

type HttpErrorName = keyof typeof HTTP_ERRORS;
export type ErrorCode = (typeof HTTP_ERRORS)[HttpErrorName]['code'];

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { tip?: string; details?: unknown; headers?: Record<string, string>; fields?: Record<string, unknown> } = {},
  ) {
    super(message);
    // Step Functions matches Retry/Catch on this name and bundles are minified, so it never
    // comes from the class name: each subclass sets its own literal.
    this.name = 'AppError';
  }
}

type Extra = AppError['extra'];

/** The constructor's arguments: the message is optional only where the row has a default. */
type MessageArgs<N extends HttpErrorName> = (typeof HTTP_ERRORS)[N] extends { message: string } ? [message?: string, extra?: Extra] : [message: string, extra?: Extra];

const httpError = <N extends HttpErrorName>(name: N) => {
  const row: { status: number; code: ErrorCode; message?: string } = HTTP_ERRORS[name];
  return class extends AppError {
    constructor(...[message, extra]: MessageArgs<N>) {
      super(row.status, row.code, message ?? row.message ?? name, extra);
      // Step Functions matches Retry/Catch on the name and bundles are minified: the row's name, never the class's.
      this.name = name;
    }
  };
};

export const BadRequest = httpError('BadRequest');
export const Unauthorized = httpError('Unauthorized');
export const Forbidden = httpError('Forbidden');
export const NotFound = httpError('NotFound');
export const Conflict = httpError('Conflict');
export type Conflict = InstanceType<typeof Conflict>;
export const PayloadTooLarge = httpError('PayloadTooLarge');
export const UnsupportedMediaType = httpError('UnsupportedMediaType');
export const TooManyRequests = httpError('TooManyRequests');
export const UpstreamError = httpError('UpstreamError');

/** 429 with a Retry-After (seconds) header: a rate limit the caller hit, and when it lifts. */
export const rateLimited = (message: string, retryAfterSeconds: number): AppError =>
  new TooManyRequests(message, { headers: { 'retry-after': String(retryAfterSeconds) } });

/** The one mapping of a thrown AppError to the spec's failure answer; the request id lets support find the log line. */
export const errorResponse = (error: AppError, requestId?: string): HttpResult => {
  const { tip, details, headers, fields } = error.extra;
  return json(
    {
      success: false,
      error: error.message,
      message: error.message,
      code: error.code,
      ...(tip ? { tip } : {}),
      ...(details !== undefined ? { details } : {}),
      ...(fields ?? {}),
      ...(requestId ? { request_id: requestId } : {}),
    },
    error.status,
    headers,
  );
};
