import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type AcceptInviteInput = { invite_token: string } | { agency_name: string };

export const acceptInvite = (input: AcceptInviteInput) =>
  api.post<{ success: boolean; agency_name: string; message?: string }>('/api/v3/agency/invitations/accept', input);

export const useAcceptInvite = () => useMutation({ mutationFn: acceptInvite });
