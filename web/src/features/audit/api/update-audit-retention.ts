import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditRetentionResponse } from '../../../../../shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { auditKeys } from './audit-keys';
import { auditRetentionQueryOptions } from './get-audit-retention';

export const updateAuditRetention = async (retentionDays: number) =>
  parseResponse(auditRetentionResponse, await api.post<unknown>('/api/v3/settings/audit-retention', { retention_days: retentionDays }));

/** Saving the retention is itself recorded, so the log refetches too. */
export const useUpdateAuditRetention = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAuditRetention,
    onSuccess: (answer) => queryClient.setQueryData(auditRetentionQueryOptions().queryKey, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditKeys.lists() }),
  });
};
