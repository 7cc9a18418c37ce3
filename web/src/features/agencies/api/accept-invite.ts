import { useMutation } from '@tanstack/react-query';
import { acceptInviteResponse, type AcceptInviteResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { messages } from '../../../../../shared/messages';

export type AcceptInviteInput = { invite_token: string } | { agency_name: string };

export const acceptInvite = async (input: AcceptInviteInput): Promise<AcceptInviteResponse> =>
  parseResponse(acceptInviteResponse, await api.post<unknown>('/api/v3/agency/invitations/accept', input, { fallback: messages.fallback.acceptInvite }));

export const useAcceptInvite = () => useMutation({ mutationFn: acceptInvite });
