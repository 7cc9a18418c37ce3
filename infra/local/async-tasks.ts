import type { AsyncDispatcher, AsyncTaskId } from '../../functions/lib/async/dispatch';

type TaskFn = (payload: Record<string, unknown>) => Promise<unknown>;

/**
 * The local stand-in for asynchronous Lambda invokes: the task runs in-process after the request
 * has answered, and a failure is retried twice, as Lambda does with Event invokes.
 */
export const createLocalAsyncDispatcher = (options: {
  tasks: Partial<Record<AsyncTaskId, TaskFn>>;
  retryDelaysMs?: number[];
  onFailure?: (taskId: AsyncTaskId, error: unknown) => void;
}): { dispatch: AsyncDispatcher; settle(): Promise<void> } => {
  const inFlight = new Set<Promise<void>>();
  const delays = options.retryDelaysMs ?? [1_000, 2_000];
  const dispatch: AsyncDispatcher = async (taskId, payload) => {
    const task = options.tasks[taskId];
    if (!task) throw new Error(`No local async task ${taskId}`);
    const run = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      for (let attempt = 0; ; attempt += 1) {
        try {
          await task(payload);
          return;
        } catch (error) {
          if (attempt >= delays.length) {
            options.onFailure?.(taskId, error);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
        }
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };
  return {
    dispatch,
    async settle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
};
