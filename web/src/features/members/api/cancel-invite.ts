import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './member-keys';

export const cancelInvite = (email: string) =>
  api.post<{ success: boolean; message?: string }>('/api/v3/agency/invitations/cancel', { email });

export const useCancelInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
};
