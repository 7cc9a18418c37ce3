import { TIMING } from '../../../shared/constants';

export type RetryOptions = {
  tries?: number;
  delayMs?: number;
  /** The caller gave up: no further try starts, and a pending wait ends at once. */
  signal?: AbortSignal;
};

const statusOf = (error: unknown): number | undefined => {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
};

// DOMException is not an Error subclass in every environment: compare by name.
const isAbort = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/**
 * 4xx means the request itself is wrong, so retrying cannot help, except 429 (rate limited).
 * Network failures (status 0), 5xx and errors without a status are worth another try; a caller's
 * abort never is. Reads the status by shape, so any error with an HTTP status qualifies.
 */
export const isRetryable = (error: unknown): boolean => {
  if (isAbort(error)) return false;
  const status = statusOf(error);
  if (status === undefined) return true;
  if (status === 429) return true;
  return !(status >= 400 && status < 500);
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });

/** Runs fn up to `tries` times (3), waiting `delayMs` (1 s) between tries (spec sections 7 and 9). */
export const withRetry = async <T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> => {
  const { tries = TIMING.retryTries, delayMs = TIMING.retryDelayMs, signal } = options;
  let lastError: unknown;
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if (attempt >= tries || !isRetryable(error)) break;
      await sleep(delayMs, signal);
      if (signal?.aborted) break;
    }
  }
  throw lastError;
};
