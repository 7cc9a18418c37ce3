import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { TIMING } from '../../../shared/constants';
import { ApiError } from './api-client';

export const queryConfig = {
  queries: {
    retry: 1,
    refetchOnWindowFocus: false,
    staleTime: TIMING.queryStaleMs,
  },
} as const;

export type QueryClientOptions = {
  /** Called when any query or mutation answers 401: the session ended behind the app's back. */
  onUnauthorized?: (client: QueryClient) => void;
};

export const createQueryClient = ({ onUnauthorized }: QueryClientOptions = {}): QueryClient => {
  const handle = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
  });
  return client;
};
