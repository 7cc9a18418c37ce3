import { queryOptions, useQuery } from '@tanstack/react-query';
import { myAgenciesResponse, type AgencyListItemJson } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { agencyKeys } from './agency-keys';
import { messages } from '../../../../../shared/messages';

export type AgencyListItem = AgencyListItemJson;

export const listMyAgencies = async ({ signal }: { signal?: AbortSignal } = {}): Promise<AgencyListItem[]> =>
  parseResponse(myAgenciesResponse, await api.get<unknown>('/api/v3/agency/list-mine', { signal, fallback: messages.fallback.listAgencies })).agencies;

export const myAgenciesQueryOptions = () =>
  queryOptions({ queryKey: agencyKeys.mine(), queryFn: ({ signal }) => listMyAgencies({ signal }) });

export const useMyAgencies = () => useQuery(myAgenciesQueryOptions());
