import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../../shared/constants';
import { messageResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { memberKeys } from './member-keys';

export type InvitationInput = { email: string; role: Role };

export const inviteMember = async (input: InvitationInput) =>
  parseResponse(messageResponse, await api.post<unknown>('/api/v3/agency/invitations', input));

export const useInviteMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
};
