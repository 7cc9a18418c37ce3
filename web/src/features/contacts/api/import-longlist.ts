import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { longlistImportResponse } from '../../../../../shared/schemas/longlist-import';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { campaignKeys } from '../../campaigns/api/campaign-keys';
import { contactKeys } from './contact-keys';
import type { ImportResult } from './contact-types';

export type ImportLonglistInput = { campaign_id: string; source_sheet_id: string; source_tab_name: string };

/** How often a running import is asked for its progress (not in spec). */
export const IMPORT_POLL_MS = 1_000;

/** Starts an import: a small sheet answers its result, a long one its id and progress (status running). */
export const importLonglist = async (input: ImportLonglistInput): Promise<ImportResult> =>
  parseResponse(longlistImportResponse, await api.post<unknown>('/api/campaigns/import-longlist', input));

export const getLonglistImport = async (importId: string, signal?: AbortSignal): Promise<ImportResult> =>
  parseResponse(longlistImportResponse, await api.get<unknown>(`/api/campaigns/import-longlist/${encodeURIComponent(importId)}`, { signal }));

/** The contacts screen and the campaigns' counts change with every import that ends (or goes on). */
const useRefreshImported = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: contactKeys.tracking() });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.list() });
  };
};

export const useImportLonglist = () => {
  const refresh = useRefreshImported();
  return useMutation({ mutationFn: importLonglist, onSettled: refresh });
};

export const longlistImportQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: contactKeys.longlistImport(importId),
    queryFn: ({ signal }) => getLonglistImport(importId, signal),
    staleTime: 0,
    // Polled while it runs; the answer of an ended import does not change.
    refetchInterval: (query) => (query.state.data?.status === 'running' || query.state.data === undefined ? IMPORT_POLL_MS : false),
    retry: false,
  });

/** A running import's progress, polled every second until it ends (undefined: none followed). */
export const useLonglistImport = (importId: string | null) =>
  useQuery({ ...longlistImportQueryOptions(importId ?? ''), enabled: importId !== null });

export { useRefreshImported };
