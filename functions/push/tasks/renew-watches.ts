import { renewWatches } from '../../lib/push/watch';
import { renewWatchesInput } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { taskHandler } from '../../lib/tasks/task-handler';

/**
 * The daily schedule's target: users.watch again before the 7-day expiry (nothing without a
 * topic). `force` renews every connected mailbox (the local runtime at start-up).
 */
export const handler = taskHandler(async (event) => renewWatches(Date.now(), { force: readTaskEvent(event, renewWatchesInput).force === true }));
