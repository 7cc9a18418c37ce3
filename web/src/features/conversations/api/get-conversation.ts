import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationDetailResponse, type ConversationDetailResponse } from '../../../../../shared/schemas/conversations';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { conversationKeys } from './conversation-keys';

/** One conversation with its message timeline. */
export const getConversation = async (id: string, { signal }: { signal?: AbortSignal } = {}): Promise<ConversationDetailResponse> =>
  parseResponse(conversationDetailResponse, await api.get<unknown>(`/api/v3/conversations/${encodeURIComponent(id)}`, { signal }));

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => getConversation(id, { signal }),
  });

export const useConversation = (id: string) => useQuery(conversationQueryOptions(id));
