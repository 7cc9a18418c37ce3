import * as z from 'zod';

/**
 * Every task's input, in one place: what Step Functions, EventBridge, the schedules and the
 * asynchronous invocations hand the task functions (read by `readTaskEvent`, tasks/read-input.ts).
 * EventBridge events are in tasks/execution-events.ts.
 */

const name = z.string().min(1);

/** What the processing state machine carries from task to task (infra/processing.asl.json). */
export const jobRef = z.object({ agencyName: name, jobId: name });

/** The state machine's task input: `{agencyName, jobId}` (+ `lane`, `outcome`, `error`). */
export const jobTaskInput = jobRef.extend({
  /** ProcessBatch: the lane and where it stands (lanes.ts checks its shape) */
  lane: z.unknown().optional(),
  outcome: z.enum(['succeeded', 'failed']).optional(),
  error: z.unknown().optional(),
  /** FinalizeSheetsFailed: the SyncSheets error, once its retries were spent */
  sheetsError: z.unknown().optional(),
});

/** One share of a monitor tick (MonitorShare, dispatched by the tick): the agencies it checks. The tick itself reads no input. */
export const monitorShareInput = z.object({ agencies: z.array(name).min(1) });

/** The daily watch renewal; `force` renews every connected mailbox (the local runtime at start). */
export const renewWatchesInput = z
  .object({ force: z.boolean().optional() })
  .nullish()
  .transform((renew) => renew ?? {});

/** PushCheck from the push route: check that mailbox now. */
export const pushCheckInput = z.object({ agencyName: name, mailbox: name });

export const campaignDeletionInput = z.object({ agencyName: name, campaignId: name });

export const campaignProvisionInput = z.union([
  z.object({ agencyName: name, campaignId: name, recover: z.boolean().optional() }),
  z.object({ agencyName: name, restoreDrive: z.literal(true) }),
]);

export const longlistImportInput = z.object({ agencyName: name, importId: name, owner: name.optional() });
