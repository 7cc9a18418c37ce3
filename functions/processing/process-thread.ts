import { threadBody } from '../../shared/schemas/processing';
import { defineHandler } from '../lib/http/handler';
import { startThread } from '../lib/processing/start';
import type { Answer } from '../lib/http/typed';
import type { startedResponse } from '../../shared/schemas/processing';

/** POST /api/v3/process/thread {thread_id, mailbox?} → task_id */
export const handler = defineHandler('agency', { body: threadBody }, async ({ body, scope }) => (await startThread(scope, body)) satisfies Answer<typeof startedResponse>);
