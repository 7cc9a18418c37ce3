import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditListResponse, type AuditFilters } from '../../../../../shared/schemas/audit';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { auditKeys } from './audit-keys';

export type AuditPageRequest = { filters: AuditFilters; cursor: string | null; limit: number };

/** One page of the activity log (owners only), newest first; the server applies the filters. */
export const listAuditEvents = async ({ filters, cursor, limit }: AuditPageRequest, { signal }: { signal?: AbortSignal } = {}) =>
  parseResponse(auditListResponse, await api.get<unknown>('/api/v3/audit', { signal, query: { ...filters, cursor, limit } }));

export const auditEventsQueryOptions = (request: AuditPageRequest) =>
  queryOptions({
    queryKey: auditKeys.list(request.filters, request.cursor, request.limit),
    queryFn: ({ signal }) => listAuditEvents(request, { signal }),
    // The page on screen stays while the next one loads, so paging does not flash an empty list.
    placeholderData: keepPreviousData,
  });

export const useAuditEvents = (request: AuditPageRequest, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...auditEventsQueryOptions(request), enabled });
