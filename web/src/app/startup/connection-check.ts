import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { systemConnectionResponse, type SystemConnectionResponse } from '../../../../shared/schemas/system';
import { api, ApiError } from '../../lib/api-client';
import { parseResponse } from '../../lib/parse-response';

export const connectionKeys = {
  all: ['system', 'connection'] as const,
};

/** What GET /api/v3/system/connection answers: the agency's links to Google and OpenAI. */
export type ConnectionStatus = SystemConnectionResponse;

/**
 * How long the connection test may take before it counts as timed out. The general 5-minute
 * request timeout suits long operations, not a "can I reach the server" probe; not in spec.
 */
export const CONNECTION_TIMEOUT_MS = 10_000;

/** The spec's API connection test; "Unable to connect to API server" when it returns nothing. */
export const checkConnection = async ({ signal }: { signal?: AbortSignal } = {}): Promise<ConnectionStatus> => {
  // One try: the query retries once, and a probe that waits 3 x 10 s says nothing new.
  const response = await api.get<unknown>('/api/v3/system/connection', {
    signal,
    timeoutMs: CONNECTION_TIMEOUT_MS,
    retry: false,
  });
  if (!response || typeof response !== 'object') throw new Error(messages.api.connectionFailed);
  return parseResponse(systemConnectionResponse, response);
};

/** Cached 2 minutes, kept 4, and not refetched on window focus (spec section 7). */
export const connectionQueryOptions = () =>
  queryOptions({
    queryKey: connectionKeys.all,
    queryFn: ({ signal }) => checkConnection({ signal }),
    staleTime: TIMING.connectionCheck.staleMs,
    gcTime: TIMING.connectionCheck.gcMs,
    refetchOnWindowFocus: false,
  });

export const useConnectionCheck = () => useQuery(connectionQueryOptions());

/** A timeout is the one connection error that clears itself (after 5 s). */
export const isTimeoutError = (error: unknown): boolean => error instanceof ApiError && error.status === 408;
