import { JSONStringified } from '@aws-lambda-powertools/parser/helpers';
import { EventBridgeSchema } from '@aws-lambda-powertools/parser/schemas/eventbridge';
import * as z from 'zod';
import { jobRef } from './inputs';

/*
 * Apart from the other task inputs because Powertools' schemas import zod as one namespace
 * object (`import { z } from 'zod'`), which keeps all of zod and its locales: measured +360 KB
 * minified per bundle (84 KB → 444 KB for a parse of one object). Only the two functions that
 * EventBridge calls (JobReleaseLock, PushCheck) pay it.
 */

/**
 * A Step Functions "Execution Status Change" event (EventBridge) of one of our executions: its
 * `detail.input` is the execution's input as a JSON string, ours when it names a job.
 */
export const executionStatusChange = EventBridgeSchema.extend({
  detail: z.object({
    executionArn: z.string(),
    status: z.string(),
    input: JSONStringified(jobRef),
    cause: z.string().nullish(),
    error: z.string().nullish(),
  }),
});

/** Any execution's end, for its agency (PushCheck resumes what was deferred while it ran). */
export const executionOfAgency = EventBridgeSchema.extend({
  detail: z.object({ input: JSONStringified(z.object({ agencyName: z.string().min(1) })) }),
});
