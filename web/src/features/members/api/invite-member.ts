import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import { memberKeys } from './member-keys';

export type InvitationInput = { email: string; role: Role };

export const inviteMember = (input: InvitationInput) =>
  api.post<{ success: boolean; message?: string }>('/api/v3/agency/invitations', input);

export const useInviteMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list() }),
  });
};
