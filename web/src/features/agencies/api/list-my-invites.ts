import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import { agencyKeys } from './agency-keys';

export type PendingInvite = {
  agency_name: string;
  agency_display_name: string;
  invited_by: string;
  role: Role;
  expires_at: string;
};

export const listMyInvites = async ({ signal }: { signal?: AbortSignal } = {}) => {
  const response = await api.get<{ invites?: PendingInvite[] }>('/api/v3/agency/invitations/mine', { signal });
  return response.invites ?? [];
};

export const myInvitesQueryOptions = () =>
  queryOptions({ queryKey: agencyKeys.invitesMine(), queryFn: ({ signal }) => listMyInvites({ signal }) });

export const useMyInvites = () => useQuery(myInvitesQueryOptions());
