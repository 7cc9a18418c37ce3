/**
 * How many events Step Functions writes into an execution's history for what the local runner
 * logs, so the 25,000-event quota is reached locally when it would be on AWS. The event types
 * are those of the HistoryEvent API (docs.aws.amazon.com/step-functions/latest/apireference/
 * API_HistoryEvent.html); a Standard workflow records, per state type:
 *
 * | state | events |
 * | --- | --- |
 * | Task on a Lambda ARN | TaskStateEntered, LambdaFunctionScheduled, LambdaFunctionStarted, LambdaFunctionSucceeded, TaskStateExited (5); a failed attempt LambdaFunctionFailed or LambdaFunctionTimedOut, each retry LambdaFunctionScheduled + LambdaFunctionStarted again |
 * | Choice, Pass, Wait, Succeed | <Type>StateEntered, <Type>StateExited (2) |
 * | Fail | FailStateEntered, then the ExecutionFailed that ends the execution |
 * | Map (inline) | MapStateEntered, MapStateStarted, per item MapIterationStarted and MapIterationSucceeded/Failed, MapStateSucceeded/Failed, MapStateExited (4 + 2 per item, plus its items' states) |
 * | Parallel | ParallelStateEntered, ParallelStateStarted, ParallelStateSucceeded/Failed, ParallelStateExited |
 *
 * and ExecutionStarted plus one ExecutionSucceeded/Failed/Aborted/TimedOut around them. A
 * processing lane turn (ProcessBatch, then the LaneDone choice) is therefore 7 events, not 5.
 */
export type RunnerEvent = {
  type: string;
  state?: { name: string; type: string };
  /** the Map item the event belongs to (events of an iteration carry it) */
  index?: number;
};

const ENTERED: Record<string, number> = { Task: 3, Map: 2, Parallel: 2 };
const EXITED_AFTER_SUCCESS: Record<string, number> = { Task: 2, Map: 2, Parallel: 2, Fail: 0 };
const FAILED: Record<string, number> = { Task: 1, Map: 1, Parallel: 1 };
const RETRIED: Record<string, number> = { Task: 2, Map: 1, Parallel: 1 };
const ONE_EACH = new Set(['ExecutionStarted', 'MapIterationStarted', 'MapIterationSucceeded', 'MapIterationFailed']);

/** The last event of an execution: AWS lets it be event 25,000 (an execution that ends there succeeds). */
export const isFinalEvent = (event: RunnerEvent): boolean => /^Execution(Succeeded|Failed|Aborted|Timeout)$/.test(event.type);

/**
 * A counter over the runner's event log. A state that failed and was caught exits without its
 * success event (LambdaFunctionSucceeded, MapStateSucceeded), so the counter remembers, per
 * state and Map item, which ones were caught.
 */
export const historyCounter = () => {
  const caught = new Set<string>();
  const keyOf = (event: RunnerEvent) => `${event.state?.name}#${event.index ?? ''}`;
  return (event: RunnerEvent): number => {
    if (ONE_EACH.has(event.type) || isFinalEvent(event)) return 1;
    const type = event.state?.type ?? '';
    switch (event.type) {
      case 'StateEntered':
        return ENTERED[type] ?? 1;
      case 'StateFailed':
        return FAILED[type] ?? 0;
      case 'StateRetried':
        return RETRIED[type] ?? 0;
      case 'StateCaught':
        caught.add(keyOf(event));
        return 0;
      case 'StateExited':
        if (caught.delete(keyOf(event))) return 1;
        return EXITED_AFTER_SUCCESS[type] ?? 1;
      default:
        return 0;
    }
  };
};
