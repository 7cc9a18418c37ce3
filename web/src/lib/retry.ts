import { TIMING } from '../../../shared/constants';
import { ApiError } from './api-client';

export type RetryOptions = { tries?: number; delayMs?: number };

/** 4xx means the request itself is wrong, so retrying cannot help, except 429 (rate limited). */
export const isRetryable = (error: unknown): boolean => {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 429) return true;
  return !(error.status >= 400 && error.status < 500);
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs fn up to `tries` times, waiting `delayMs` between tries. */
export const withRetry = async <T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> => {
  const { tries = TIMING.retryTries, delayMs = TIMING.retryDelayMs } = options;
  let lastError: unknown;
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if (attempt === tries || !isRetryable(error)) break;
      await sleep(delayMs);
    }
  }
  throw lastError;
};
