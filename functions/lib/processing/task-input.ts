/** The state machine's task input: `{agencyName, jobId}` (+ `lane`, `outcome`, `error`). */
export type TaskInput = {
  agencyName: string;
  jobId: string;
  /** ProcessBatch: the lane and where it stands (lanes.ts) */
  lane?: unknown;
  outcome?: 'succeeded' | 'failed';
  error?: unknown;
  /** FinalizeSheetsFailed: the SyncSheets error, once its retries were spent */
  sheetsError?: unknown;
};

export const readTaskInput = (event: unknown): TaskInput => {
  const input = (event ?? {}) as Partial<TaskInput>;
  if (typeof input.agencyName !== 'string' || typeof input.jobId !== 'string') {
    const error = new Error('Task input needs agencyName and jobId');
    error.name = 'BadTaskInput';
    throw error;
  }
  return input as TaskInput;
};

type RemainingContext = { getRemainingTimeInMillis?: () => number } | undefined;
export const remainingTime = (context: RemainingContext) => (context?.getRemainingTimeInMillis ? () => context.getRemainingTimeInMillis!() : undefined);
