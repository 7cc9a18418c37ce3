import { APIConnectionError, APIError } from 'openai/error';
import { messages } from '../../../shared/messages';
import { AppError, TooManyRequests, UpstreamError } from '../http/errors';
import { parseRetryAfter } from '../google/errors';
import { asError } from '../logger';

/**
 * OpenAI failures as typed errors with Step Functions-friendly names ('RateLimited' and
 * 'UpstreamError' are retried by the state machine). None is an HTTP 401: a 401 from our API
 * makes the web client drop the user's session, and a bad OpenAI key is not a bad session.
 */
const text = messages.apiKey.errors;

export class OpenAIKeyInvalid extends AppError {
  constructor() {
    super(400, 'BAD_REQUEST', text.unauthorized);
    this.name = 'OpenAIKeyInvalid';
  }
}

/** The account is out of credits (the API says 429 insufficient_quota): retrying cannot help. */
export class OpenAIQuotaExceeded extends AppError {
  constructor() {
    super(402, 'UPSTREAM', text.quotaExceeded);
    this.name = 'QuotaExceeded';
  }
}

export class OpenAIRateLimited extends TooManyRequests {
  constructor(readonly retryAfterMs: number) {
    super(text.tooManyRequests, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) } });
    this.name = 'RateLimited';
  }
}

export class OpenAIUnavailable extends UpstreamError {
  constructor(
    readonly network: boolean,
    readonly upstreamStatus?: number,
  ) {
    super(network ? text.network : text.serviceIssue);
    this.name = 'UpstreamError';
  }
}

/** The API refused the request (400/404/422): a product bug or a model the key cannot use. */
export class OpenAIRequestRejected extends UpstreamError {
  constructor(
    message: string,
    readonly upstreamStatus: number,
    readonly upstreamCode?: string | null,
    readonly param?: string | null,
  ) {
    super(message);
    this.name = 'AiRequestRejected';
  }
}

/** The answer hit the token limit (or, for reasoning models, the limit was spent thinking). */
export class AiOutputTruncated extends UpstreamError {
  constructor(
    readonly model: string,
    /** nothing came back: the whole budget went to reasoning */
    readonly empty = false,
  ) {
    super(`The ${model} answer was cut at its token limit`);
    this.name = 'AiOutputTruncated';
  }
}

/** The answer was not JSON, or JSON its schema refuses; `tokens` is what the unusable answer cost. */
export class AiInvalidOutput extends UpstreamError {
  constructor(
    reason: string,
    readonly tokens = 0,
  ) {
    super(`The AI answer was not usable: ${reason}`);
    this.name = 'AiInvalidOutput';
  }
}

export type OpenAIFailure = {
  status?: number;
  code?: string | null;
  type?: string;
  network: boolean;
  retryAfterMs?: number;
};

export const describeOpenAIFailure = (error: unknown): OpenAIFailure => {
  if (error instanceof APIConnectionError) return { network: true };
  if (error instanceof APIError) {
    const headers = error.headers;
    const ms = Number(headers?.get('retry-after-ms'));
    return {
      status: error.status,
      code: error.code,
      type: error.type,
      network: false,
      retryAfterMs: Number.isFinite(ms) && ms > 0 ? ms : parseRetryAfter(headers?.get('retry-after')),
    };
  }
  return { network: error instanceof TypeError };
};

const isQuota = (f: OpenAIFailure) => f.status === 402 || f.code === 'insufficient_quota' || f.type === 'insufficient_quota';

/** Rate limits, overloads and network failures are transient; quota and auth never are. */
export const isRetryableOpenAI = (f: OpenAIFailure): boolean =>
  f.network || (f.status === 429 && !isQuota(f)) || (f.status !== undefined && f.status >= 500);

export const toOpenAIError = (error: unknown): Error => {
  if (error instanceof AppError) return error;
  const f = describeOpenAIFailure(error);
  if (f.network) return new OpenAIUnavailable(true);
  if (f.status === 401) return new OpenAIKeyInvalid();
  if (isQuota(f)) return new OpenAIQuotaExceeded();
  if (f.status === 429) return new OpenAIRateLimited(f.retryAfterMs ?? 1000);
  if (f.status !== undefined && f.status >= 500) return new OpenAIUnavailable(false, f.status);
  if (f.status !== undefined && error instanceof APIError) {
    return new OpenAIRequestRejected(`OpenAI rejected the request: ${error.message}`, f.status, f.code, error.param);
  }
  return asError(error);
};

/** The model does not exist, is shut down, or the key cannot use it (404 model_not_found). */
export const isModelNotFound = (error: unknown): boolean =>
  error instanceof OpenAIRequestRejected && (error.upstreamCode === 'model_not_found' || (error.upstreamStatus === 404 && error.param === 'model'));
