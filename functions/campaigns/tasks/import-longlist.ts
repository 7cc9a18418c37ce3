import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { dispatchAsync } from '../../lib/async/dispatch';
import { runImport } from '../../lib/campaigns/import-longlist';
import type { ImportTaskInput } from '../../lib/campaigns/longlist-import-store';
import { remainingTime } from '../../lib/processing/task-input';

/**
 * The longlist import worker (async task): runs an import from its checkpoint while it holds the
 * import's lease, and hands the rest to a fresh invocation of itself before its own time runs
 * out. Throws on failure so Lambda retries the event; every chunk is idempotent.
 */
const input = z.object({ agencyName: z.string().min(1), importId: z.string().min(1), owner: z.string().min(1).optional() });

/** A fresh invocation of this task (on Lambda it invokes itself: grant invokeSelf). */
const handOver = (task: ImportTaskInput): Promise<void> => dispatchAsync('LonglistImport', task);

export const handler = async (event: unknown, context?: Context) => runImport(input.parse(event), { remainingMs: remainingTime(context), handOver });
