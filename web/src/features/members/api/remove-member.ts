import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { memberKeys } from './member-keys';

export const removeMember = async (email: string) =>
  parseResponse(messageResponse, await api.delete<unknown>(`/api/campaigns/users/${encodeURIComponent(email)}`));

export const useRemoveMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
};
