import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import { agencyKeys } from './agency-keys';

export type AgencyListItem = { name: string; display_name: string; role: Role; joined_at: string };

export const listMyAgencies = async ({ signal }: { signal?: AbortSignal } = {}) => {
  const response = await api.get<{ agencies?: AgencyListItem[] }>('/api/v3/agency/list-mine', { signal });
  return response.agencies ?? [];
};

export const myAgenciesQueryOptions = () =>
  queryOptions({ queryKey: agencyKeys.mine(), queryFn: ({ signal }) => listMyAgencies({ signal }) });

export const useMyAgencies = () => useQuery(myAgenciesQueryOptions());
