export type ProcessingPhase = 'starting' | 'initializing' | 'fetching' | 'syncing_sheets' | 'finalizing' | 'cancelling';

export type ProcessingProgress = { total: number; completed: number; /** 0–100, clamped */ percent: number };

/** GET /api/v3/status, normalised: both progress readings (threads_* or plain) land in one shape. */
export type ProcessingStatus = {
  is_processing: boolean;
  /** "Processing" when the server sends none. */
  operation_label: string;
  elapsed_seconds: number | null;
  task_id: string | null;
  phase: ProcessingPhase | null;
  progress: ProcessingProgress;
  current_thread: { subject: string; thread_id: string | null } | null;
  /** How a job that just ended went (the server sends it with is_processing false); not in spec. */
  outcome: JobOutcome | null;
  /** The ended job's error, when it failed. */
  error: string | null;
  /** What went wrong in an ended job that did not fail it, e.g. "The sheets could not be updated: ..."; not in spec. */
  warnings: string[];
  /** Messages the job processed, when the server reports them (messages_processed); not in spec. */
  messages: number | null;
};

export type JobOutcome = 'succeeded' | 'failed' | 'cancelled';

/** What every POST /api/v3/process/* answers. */
export type StartedTask = { task_id: string | null; message?: string };
