import { queryOptions, useQuery } from '@tanstack/react-query';
import { myInvitesResponse, type MyInviteJson } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { agencyKeys } from './agency-keys';
import { messages } from '../../../../../shared/messages';

export type PendingInvite = MyInviteJson;

export const listMyInvites = async ({ signal }: { signal?: AbortSignal } = {}): Promise<PendingInvite[]> =>
  parseResponse(myInvitesResponse, await api.get<unknown>('/api/v3/agency/invitations/mine', { signal, fallback: messages.fallback.listInvites })).invites;

export const myInvitesQueryOptions = () =>
  queryOptions({ queryKey: agencyKeys.invitesMine(), queryFn: ({ signal }) => listMyInvites({ signal }) });

export const useMyInvites = () => useQuery(myInvitesQueryOptions());
