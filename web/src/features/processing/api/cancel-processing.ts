import { useMutation, useQueryClient } from '@tanstack/react-query';
import { processCancelResponse, taskCancelResponse } from '../../../../../shared/schemas/processing';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { clearActiveTask, readActiveTask } from '../lib/active-task';
import { processingKeys } from './processing-keys';

/**
 * Cancels through the stored task id when there is one (and forgets it), otherwise through the
 * generic call, which cancels whatever runs for the agency.
 */
export const cancelProcessing = async (): Promise<void> => {
  const taskId = readActiveTask();
  if (!taskId) {
    parseResponse(processCancelResponse, await api.post<unknown>('/api/v3/process/cancel'));
    return;
  }
  try {
    parseResponse(taskCancelResponse, await api.post<unknown>(`/api/v3/task/${encodeURIComponent(taskId)}/cancel`));
  } finally {
    clearActiveTask();
  }
};

export const useCancelProcessing = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelProcessing,
    onSettled: () => client.invalidateQueries({ queryKey: processingKeys.status() }),
  });
};
