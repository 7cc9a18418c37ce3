import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay } from './query-client';

describe('query client', () => {
  it('retries once, never refetches on focus and stays fresh for 60 s', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(1);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.staleTime).toBe(60_000);
    expect(defaults?.gcTime).toBe(5 * 60_000);
  });

  it('waits 1 s before a retry, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(createQueryClient().getDefaultOptions().queries?.retryDelay).toBe(retryDelay);
  });

  it("applies a cache policy by key prefix, the longer prefix winning, a query's own staleTime above all", () => {
    const client = createQueryClient({
      cachePolicy: [
        { key: ['a'], cache: 'entity' },
        { key: ['a', 'probe'], cache: 'default' },
        { key: ['b'], cache: 'static' },
      ],
    });
    const staleTime = (queryKey: string[], own?: number) =>
      client.defaultQueryOptions({ queryKey, ...(own === undefined ? {} : { staleTime: own }) }).staleTime;
    expect(staleTime(['a', 'list'])).toBe(5 * 60_000);
    expect(staleTime(['a', 'probe', 'x'])).toBe(60_000);
    expect(staleTime(['b'])).toBe(15 * 60_000);
    expect(staleTime(['b'], 0)).toBe(0);
    expect(staleTime(['c'])).toBe(60_000);
  });

  it('reports a 401 from any query, and nothing else', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .fetchQuery({ queryKey: ['a'], retry: false, queryFn: () => Promise.reject(new ApiError(500, 'x')) })
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await client
      .fetchQuery({ queryKey: ['b'], retry: false, queryFn: () => Promise.reject(new ApiError(401, 'x')) })
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledWith(client);
  });
});
