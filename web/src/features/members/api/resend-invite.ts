import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { memberKeys } from './member-keys';

export const resendInvite = async (email: string) =>
  parseResponse(messageResponse, await api.post<unknown>('/api/v3/agency/invitations/resend', { email }));

export const useResendInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
};
