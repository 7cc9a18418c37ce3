import { logger } from '../../lib/logger';
import { resumePushChecks, runPushCheck } from '../../lib/push/run';
import { executionOfAgency } from '../../lib/tasks/execution-events';
import { pushCheckInput } from '../../lib/tasks/inputs';
import { tryTaskEvent } from '../../lib/tasks/read-input';
import { idempotentTask } from '../../lib/tasks/idempotent';
import { taskHandler } from '../../lib/tasks/task-handler';

/**
 * Two callers: the push route (asynchronous invoke, `{agencyName, mailbox}`): check that mailbox
 * now; and the rule on every processing execution's end (a Step Functions status-change event):
 * check what was notified while the job ran.
 */
export const handler = taskHandler(
  idempotentTask('PushCheck', 'id || dispatchId', async (event) => {
    const ended = tryTaskEvent(event, executionOfAgency);
    if (ended) return { resumed: await resumePushChecks(ended.detail.input.agencyName) };
    const check = tryTaskEvent(event, pushCheckInput);
    if (check) return runPushCheck(check);
    logger.warn('push check: an event that is neither a mailbox nor an execution of an agency');
    return { rounds: 0, checks: [] };
  }),
);
