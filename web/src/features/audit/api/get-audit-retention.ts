import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditRetentionResponse } from '../../../../../shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { auditKeys } from './audit-keys';

export const getAuditRetention = async ({ signal }: { signal?: AbortSignal } = {}) =>
  parseResponse(auditRetentionResponse, await api.get<unknown>('/api/v3/settings/audit-retention', { signal }));

export const auditRetentionQueryOptions = () =>
  queryOptions({ queryKey: [...auditKeys.all, 'retention'] as const, queryFn: ({ signal }) => getAuditRetention({ signal }) });

export const useAuditRetention = () => useQuery(auditRetentionQueryOptions());
