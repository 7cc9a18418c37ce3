import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignResponse, type AssignBody } from '../../../../../shared/schemas/conversations';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { conversationKeys } from './conversation-keys';

/** Assigns a needs-assignment conversation to one or more talents (and campaigns). */
export const assignConversation = async (body: AssignBody) =>
  parseResponse(assignResponse, await api.post<unknown>('/api/v3/conversations/assign', body)).conversations;

export const useAssignConversation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
};
