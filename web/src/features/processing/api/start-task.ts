import { startedResponse } from '../../../../../shared/schemas/processing';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import type { StartedTask } from './processing-types';

/** Shared by the process-* calls: they all answer { success, task_id, message }. */
export const postStartTask = async (path: string, body: unknown): Promise<StartedTask> => {
  const { task_id, message } = parseResponse(startedResponse, await api.post<unknown>(path, body));
  return { task_id, message };
};
