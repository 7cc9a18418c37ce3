import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('retries once, never refetches on focus and stays fresh for 60 s', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(1);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.staleTime).toBe(60_000);
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
