import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { isRetryable, withRetry } from './retry';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withRetry', () => {
  it('tries 3 times, 1 s apart, then gives up with the last error', async () => {
    const fn = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError(503, 'down'));
    const pending = withRetry(fn).catch((error: unknown) => error);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fn).toHaveBeenCalledTimes(3);
    const error = await pending;
    expect(error).toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('returns as soon as a try succeeds', async () => {
    const fn = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new ApiError(0, 'net')).mockResolvedValue('ok');
    const pending = withRetry(fn);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('does not retry 4xx client errors', async () => {
    const fn = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError(400, 'bad'));
    await expect(withRetry(fn)).rejects.toMatchObject({ status: 400 });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('retries 429', async () => {
    const fn = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new ApiError(429, 'slow down')).mockResolvedValue('ok');
    const pending = withRetry(fn);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('isRetryable', () => {
  it('classifies statuses', () => {
    expect(isRetryable(new ApiError(401, ''))).toBe(false);
    expect(isRetryable(new ApiError(404, ''))).toBe(false);
    expect(isRetryable(new ApiError(408, ''))).toBe(false);
    expect(isRetryable(new ApiError(429, ''))).toBe(true);
    expect(isRetryable(new ApiError(500, ''))).toBe(true);
    expect(isRetryable(new ApiError(0, ''))).toBe(true);
    expect(isRetryable(new Error('x'))).toBe(true);
    expect(isRetryable(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});
