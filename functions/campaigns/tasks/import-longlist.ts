import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
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

let lambda: LambdaClient | undefined;

/** On Lambda the function invokes itself (Event); the local runtime's dispatcher runs it in-process. */
const handOver = async (task: ImportTaskInput): Promise<void> => {
  const self = process.env.AWS_LAMBDA_FUNCTION_NAME;
  if (!self) return dispatchAsync('LonglistImport', task);
  lambda ??= new LambdaClient({});
  await lambda.send(new InvokeCommand({ FunctionName: self, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(task)) }));
};

export const handler = async (event: unknown, context?: Context) => runImport(input.parse(event), { remainingMs: remainingTime(context), handOver });
