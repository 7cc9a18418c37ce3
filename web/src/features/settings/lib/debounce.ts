export type Debouncer = {
  /** Runs `task` after the pause; a newer task replaces a waiting one and restarts the pause. */
  schedule: (task: () => void) => void;
  /** Runs the waiting task now, if any. */
  flush: () => void;
  /** Drops the waiting task. */
  cancel: () => void;
  isPending: () => boolean;
};

export const createDebouncer = (ms: number): Debouncer => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: (() => void) | undefined;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const run = () => {
    stop();
    const task = waiting;
    waiting = undefined;
    task?.();
  };
  return {
    schedule(task) {
      stop();
      waiting = task;
      timer = setTimeout(run, ms);
    },
    flush: run,
    cancel() {
      stop();
      waiting = undefined;
    },
    isPending: () => waiting !== undefined,
  };
};
