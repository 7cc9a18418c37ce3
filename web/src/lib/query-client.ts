import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { TIMING } from '../../../shared/constants';
import { ApiError } from './api-client';

/** The spec's cache classes (section 9): entity 5 min, static 15 min, real-time 0. */
export const CACHE_TIMES = {
  entity: TIMING.cache.entityMs,
  static: TIMING.cache.staticMs,
  realtime: TIMING.cache.realtimeMs,
} as const;
export type CacheClass = keyof typeof CACHE_TIMES;

/** Library default retry delay: 1 s, doubling, at most 30 s. */
export const retryDelay = (failureCount: number): number =>
  Math.min(TIMING.queryRetryDelay.initialMs * 2 ** failureCount, TIMING.queryRetryDelay.maxMs);

/** Data queries retry once, never refetch on focus, stay fresh for 60 s and are kept 5 min. */
export const queryConfig = {
  queries: {
    retry: 1,
    retryDelay,
    refetchOnWindowFocus: false,
    staleTime: TIMING.queryStaleMs,
    gcTime: TIMING.queryGcMs,
  },
} as const;

/**
 * How long each family of data stays fresh, by query-key prefix. A longer prefix listed later
 * wins over a shorter one ('default' restores the 60 s of data queries); a query's own staleTime
 * wins over both.
 */
export type CachePolicy = readonly { key: QueryKey; cache: CacheClass | 'default' }[];

export type QueryClientOptions = {
  /** Called when any query or mutation answers 401: the session ended behind the app's back. */
  onUnauthorized?: (client: QueryClient) => void;
  cachePolicy?: CachePolicy;
};

export const createQueryClient = ({ onUnauthorized, cachePolicy = [] }: QueryClientOptions = {}): QueryClient => {
  const handle = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
  });
  for (const { key, cache } of cachePolicy) {
    client.setQueryDefaults(key, { staleTime: cache === 'default' ? TIMING.queryStaleMs : CACHE_TIMES[cache] });
  }
  return client;
};
