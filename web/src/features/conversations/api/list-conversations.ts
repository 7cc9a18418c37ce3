import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { conversationListResponse, type ConversationListResponse } from '../../../../../shared/schemas/conversations';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { conversationKeys, type ConversationListParams } from './conversation-keys';

/** One page of conversations, filtered, searched and sorted by the server. */
export const listConversations = async (params: ConversationListParams, { signal }: { signal?: AbortSignal } = {}): Promise<ConversationListResponse> => {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const query = search.toString();
  return parseResponse(conversationListResponse, await api.get<unknown>(`/api/v3/conversations${query ? `?${query}` : ''}`, { signal }));
};

export const conversationsQueryOptions = (params: ConversationListParams) =>
  queryOptions({
    queryKey: conversationKeys.list(params),
    queryFn: ({ signal }) => listConversations(params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useConversations = (params: ConversationListParams) => useQuery(conversationsQueryOptions(params));
