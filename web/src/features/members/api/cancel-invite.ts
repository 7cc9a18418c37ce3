import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { memberKeys } from './member-keys';

export const cancelInvite = async (email: string) =>
  parseResponse(messageResponse, await api.post<unknown>('/api/v3/agency/invitations/cancel', { email }));

export const useCancelInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
};
