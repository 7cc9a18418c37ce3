import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './member-keys';

export const removeMember = (email: string) =>
  api.delete<{ success: boolean; message?: string }>(`/api/campaigns/users/${encodeURIComponent(email)}`);

export const useRemoveMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
};
