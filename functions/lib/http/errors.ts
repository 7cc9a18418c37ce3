/**
 * Typed errors, mapped once (in respond.ts) to the spec's failure shape
 * `{success:false, error, message, tip?}`. `error` and `message` carry the same human text
 * because the web client shows "the server's error or message field".
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'NOT_IMPLEMENTED'
  | 'UPSTREAM'
  | 'INTERNAL';

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

export class BadRequest extends AppError {
  constructor(message: string, extra?: Extra) {
    super(400, 'BAD_REQUEST', message, extra);
    this.name = 'BadRequest';
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Authentication required', extra?: Extra) {
    super(401, 'UNAUTHORIZED', message, extra);
    this.name = 'Unauthorized';
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You do not have access to this resource', extra?: Extra) {
    super(403, 'FORBIDDEN', message, extra);
    this.name = 'Forbidden';
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found', extra?: Extra) {
    super(404, 'NOT_FOUND', message, extra);
    this.name = 'NotFound';
  }
}
export class Conflict extends AppError {
  constructor(message: string, extra?: Extra) {
    super(409, 'CONFLICT', message, extra);
    this.name = 'Conflict';
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message = 'Request body is too large', extra?: Extra) {
    super(413, 'PAYLOAD_TOO_LARGE', message, extra);
    this.name = 'PayloadTooLarge';
  }
}
export class UnsupportedMediaType extends AppError {
  constructor(message = 'Request body must be JSON (Content-Type: application/json)', extra?: Extra) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message, extra);
    this.name = 'UnsupportedMediaType';
  }
}
export class TooManyRequests extends AppError {
  constructor(message = 'Too many requests. Please wait a moment.', extra?: Extra) {
    super(429, 'TOO_MANY_REQUESTS', message, extra);
    this.name = 'TooManyRequests';
  }
}
export class NotImplemented extends AppError {
  constructor() {
    super(501, 'NOT_IMPLEMENTED', 'Not implemented');
    this.name = 'NotImplemented';
  }
}
/** A dependency (Google, OpenAI) failed in a way the caller can retry. */
export class UpstreamError extends AppError {
  constructor(message: string, extra?: Extra) {
    super(502, 'UPSTREAM', message, extra);
    this.name = 'UpstreamError';
  }
}

/** 429 with a Retry-After (seconds) header: a rate limit the caller hit, and when it lifts. */
export const rateLimited = (message: string, retryAfterSeconds: number): TooManyRequests =>
  new TooManyRequests(message, { headers: { 'retry-after': String(retryAfterSeconds) } });
