import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersResponse, type MemberJson, type MembersResponse as MembersAnswer } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { memberKeys } from './member-keys';

export type AgencyMember = MemberJson;
export type MembersResponse = Omit<MembersAnswer, 'success'>;

export const listMembers = async ({ signal }: { signal?: AbortSignal } = {}): Promise<MembersResponse> =>
  parseResponse(membersResponse, await api.get<unknown>('/api/v3/agency/members', { signal }));

export const membersQueryOptions = () =>
  queryOptions({ queryKey: memberKeys.list(), queryFn: ({ signal }) => listMembers({ signal }) });

export const useMembers = () => useQuery(membersQueryOptions());

export const memberDisplayName = (member: AgencyMember): string => member.name || member.email;
