import { dispatchAsync } from '../../lib/async/dispatch';
import { runImport } from '../../lib/campaigns/import-longlist';
import type { ImportTaskInput } from '../../lib/campaigns/longlist-import-store';
import { longlistImportInput } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { idempotentTask } from '../../lib/tasks/idempotent';
import { remainingTime, taskHandler } from '../../lib/tasks/task-handler';

/**
 * The longlist import worker (async task): runs an import from its checkpoint while it holds the
 * import's lease, and hands the rest to a fresh invocation of itself before its own time runs
 * out. Throws on failure so Lambda retries the event; every chunk is idempotent.
 */

/** A fresh invocation of this task (on Lambda it invokes itself: grant invokeSelf). */
const handOver = (task: ImportTaskInput): Promise<void> => dispatchAsync('LonglistImport', task);

export const handler = taskHandler(
  idempotentTask('LonglistImport', 'dispatchId', async (event, context) =>
    runImport(readTaskEvent(event, longlistImportInput), { remainingMs: remainingTime(context), handOver }),
  ),
);
