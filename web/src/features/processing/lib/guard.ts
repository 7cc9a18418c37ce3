import type { QueryClient } from '@tanstack/react-query';
import { messages } from '../../../../../shared/messages';
import { processingStatusQueryOptions } from '../api/get-processing-status';
import { processingKeys } from '../api/processing-keys';
import type { ProcessingStatus, StartedTask } from '../api/processing-types';
import { storeActiveTask } from './active-task';
import { noteJobStarted } from './poll-interval';
import { operationLabel } from './status-view';

/** Refusal raised before a process call when a job already runs. */
export class ProcessingBusyError extends Error {
  constructor(label: string) {
    super(messages.processing.currentlyRunning(label));
    this.name = 'ProcessingBusyError';
  }
}

export const assertIdle = (status: ProcessingStatus, now: Date = new Date()): void => {
  if (status.is_processing) throw new ProcessingBusyError(operationLabel(status, now));
};

/**
 * The processing guard: fetches the status fresh (the polled copy may be 30 s old), refuses
 * while a job runs, then starts and remembers the task id so Cancel can target it.
 */
export const startGuarded = async (client: QueryClient, start: () => Promise<StartedTask>): Promise<StartedTask> => {
  const status = await client.fetchQuery({ ...processingStatusQueryOptions(), staleTime: 0 });
  assertIdle(status);
  const task = await start();
  if (task.task_id) storeActiveTask(task.task_id);
  noteJobStarted();
  // Show the bar now rather than at the next poll (which polls every second for a while now).
  void client.invalidateQueries({ queryKey: processingKeys.status() });
  return task;
};
