import { logger } from '../../lib/logger';
import { countMetric } from '../../lib/observability/metrics';
import { describeTaskError } from '../../lib/processing/errors';
import { endJob } from '../../lib/processing/jobs';
import { executionStatusChange } from '../../lib/tasks/execution-events';
import { tryTaskEvent } from '../../lib/tasks/read-input';
import { idempotentTask } from '../../lib/tasks/idempotent';
import { taskHandler } from '../../lib/tasks/task-handler';

/**
 * The EventBridge target for executions that ended ABORTED, FAILED or TIMED_OUT (the local
 * runtime sends the same event). Idempotent: the job ends once, and the lock is deleted only
 * while it still belongs to that job.
 */
export const handler = taskHandler(
  idempotentTask('JobReleaseLock', 'id', async (event) => {
    const detail = tryTaskEvent(event, executionStatusChange)?.detail;
    if (!detail) {
      // Not one of ours (an execution started by hand, an input without a job).
      logger.warn('release-lock: event without a job');
      return { released: false };
    }
    const { agencyName, jobId } = detail.input;
    const outcome = detail.status === 'ABORTED' ? 'cancelled' : 'failed';
    // In words a person reads (never States.Timeout or a Lambda error's JSON): the execution's error, or its timeout.
    const reason = outcome === 'failed' ? describeTaskError(detail.status === 'TIMED_OUT' ? { Error: 'States.Timeout' } : { Error: detail.error ?? undefined, Cause: detail.cause ?? undefined }) : undefined;
    const ended = await endJob(agencyName, jobId, outcome, reason);
    if (ended && outcome === 'failed') countMetric('JobsFailed');
    return { released: true, ended };
  }),
);
