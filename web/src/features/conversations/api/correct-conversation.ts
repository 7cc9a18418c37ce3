import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationPatchResponse, type ConversationPatchBody } from '../../../../../shared/schemas/conversations';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { conversationKeys } from './conversation-keys';

/** A person's correction of status, whose turn, dates or fees (null hands a field back to the model). */
export const correctConversation = async ({ id, body }: { id: string; body: ConversationPatchBody }) =>
  parseResponse(conversationPatchResponse, await api.patch<unknown>(`/api/v3/conversations/${encodeURIComponent(id)}`, body)).conversation;

export const useCorrectConversation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
};
