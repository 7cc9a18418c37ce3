import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './member-keys';

export const resendInvite = (email: string) =>
  api.post<{ success: boolean; message?: string }>('/api/v3/agency/invitations/resend', { email });

export const useResendInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
};
