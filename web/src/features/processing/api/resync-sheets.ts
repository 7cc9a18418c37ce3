import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sheetsResyncResponse } from '../../../../../shared/schemas/processing';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { startGuarded } from '../lib/guard';
import type { StartedTask } from './processing-types';

/** POST /api/v3/sheets/resync: a sheets-only job, followed by the status bar like any job. */
export const resyncSheets = async (): Promise<StartedTask> => {
  const answer = parseResponse(sheetsResyncResponse, await api.post<unknown>('/api/v3/sheets/resync', {}));
  return { task_id: answer.task_id, message: answer.message };
};

export const useResyncSheets = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => startGuarded(client, resyncSheets) });
};
