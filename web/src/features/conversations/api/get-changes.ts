import { queryOptions, useQuery } from '@tanstack/react-query';
import { changesResponse, type ChangesResponse } from '../../../../../shared/schemas/conversations';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { conversationKeys } from './conversation-keys';

/** Replies and status changes since `since`, else since the person's previous visit (newest first). */
export const getChanges = async (since: string | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<ChangesResponse> =>
  parseResponse(changesResponse, await api.get<unknown>(`/api/v3/conversations/changes${since ? `?since=${encodeURIComponent(since)}` : ''}`, { signal }));

export const changesQueryOptions = (since?: string) =>
  queryOptions({
    queryKey: conversationKeys.changes(since),
    queryFn: ({ signal }) => getChanges(since, { signal }),
    // The visit is recorded by the server: no refetch on focus, or every glance would reset it.
    refetchOnWindowFocus: false,
  });

export const useChanges = (since?: string) => useQuery(changesQueryOptions(since));
