import { api } from '../../../lib/api-client';
import type { StartedTask } from './processing-types';

/** Shared by the process-* calls: they all answer { success, task_id, message }. */
export const postStartTask = async (path: string, body: unknown): Promise<StartedTask> => {
  const response = await api.post<{ task_id?: string | null; message?: string }>(path, body);
  return { task_id: response?.task_id || null, message: response?.message };
};
