/**
 * Error bodies in the real API's shape: `{error:{message, type, param, code}}`. The SDK reads
 * `code` and `type` from here, so the product's error mapping is exercised for real.
 */
export type OpenAIErrorBody = {
  error: { message: string; type: string; param: string | null; code: string | null };
};

export type EmulatorError = { status: number; body: OpenAIErrorBody; headers?: Record<string, string> };

const err = (
  status: number,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
  headers?: Record<string, string>,
): EmulatorError => ({ status, body: { error: { message, type, param, code } }, ...(headers ? { headers } : {}) });

export const invalidApiKey = (masked: string): EmulatorError =>
  err(
    401,
    `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    'invalid_request_error',
    'invalid_api_key',
  );

export const missingApiKey = (): EmulatorError =>
  err(
    401,
    "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
    'invalid_request_error',
    null,
  );

export const rateLimited = (model: string, retryAfterSeconds: number): EmulatorError =>
  err(
    429,
    `Rate limit reached for ${model} in organization org-local on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in ${retryAfterSeconds}s.`,
    'requests',
    'rate_limit_exceeded',
    null,
    { 'retry-after': String(retryAfterSeconds), 'retry-after-ms': String(retryAfterSeconds * 1000) },
  );

/** The real API answers 429 (not 402) when credits run out; only `code` tells it from a rate limit. */
export const insufficientQuota = (status = 429): EmulatorError =>
  err(
    status,
    'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
    'insufficient_quota',
    'insufficient_quota',
  );

export const serverError = (status = 500): EmulatorError =>
  status === 503
    ? err(503, 'The server is overloaded or not ready yet.', 'server_error', 'server_is_overloaded')
    : err(status, 'The server had an error while processing your request. Sorry about that!', 'server_error', null);

export const invalidRequest = (message: string, param: string | null = null, code: string | null = null, status = 400): EmulatorError =>
  err(status, message, 'invalid_request_error', code, param);

export const modelNotFound = (model: string): EmulatorError =>
  err(404, `The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found', 'model');

export const unknownRoute = (method: string, path: string): EmulatorError =>
  err(404, `Invalid URL (${method} ${path})`, 'invalid_request_error', null);

/** A shut-down model: the real API keeps answering 404 model_not_found for its id. */
export const modelShutDown = (model: string): EmulatorError =>
  err(404, `The model \`${model}\` has been deprecated, learn more here: https://platform.openai.com/docs/deprecations`, 'invalid_request_error', 'model_not_found', 'model');

export const notAChatModel = (model: string): EmulatorError =>
  err(404, `This is not a chat model and thus not supported in the v1/chat/completions endpoint. Did you mean to use v1/completions? (model: ${model})`, 'invalid_request_error', null, 'model');

export const contextLengthExceeded = (window: number, prompt: number, completion: number): EmulatorError =>
  err(
    400,
    completion > 0
      ? `This model's maximum context length is ${window} tokens. However, you requested ${prompt + completion} tokens (${prompt} in the messages, ${completion} in the completion). Please reduce the length of the messages or completion.`
      : `This model's maximum context length is ${window} tokens. However, your messages resulted in ${prompt} tokens. Please reduce the length of the messages.`,
    'invalid_request_error',
    'context_length_exceeded',
    'messages',
  );
