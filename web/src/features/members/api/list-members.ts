import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import { memberKeys } from './member-keys';

export type MemberStatus = 'active' | 'invited';

export type AgencyMember = {
  email: string;
  name?: string | null;
  /** Older readings carry the name under user. */
  user?: { name?: string | null; is_oauth_user?: boolean } | null;
  role: Role;
  status: MemberStatus;
  invited_at?: string | null;
  accepted_at?: string | null;
  expires_at?: string | null;
  invited_by?: string | null;
};

export type MembersResponse = {
  members: AgencyMember[];
  current_user_email?: string;
  current_user_role?: Role;
};

export const listMembers = async ({ signal }: { signal?: AbortSignal } = {}): Promise<MembersResponse> => {
  const response = await api.get<Partial<MembersResponse>>('/api/v3/agency/members', { signal });
  return {
    members: response.members ?? [],
    current_user_email: response.current_user_email,
    current_user_role: response.current_user_role,
  };
};

export const membersQueryOptions = () =>
  queryOptions({ queryKey: memberKeys.list(), queryFn: ({ signal }) => listMembers({ signal }) });

export const useMembers = () => useQuery(membersQueryOptions());

export const memberDisplayName = (member: AgencyMember): string => member.name || member.user?.name || member.email;
