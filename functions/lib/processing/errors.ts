/**
 * Errors of the processing tasks. Their `name` is what Step Functions matches: they go straight
 * to FinalizeFailed with their message (tasks/transient.ts is the one the ASL retries).
 */
export class MissingApiKey extends Error {
  constructor() {
    super('No OpenAI API key is set for this agency. Set your OpenAI API key (Configure OpenAI API), then start processing again.');
    this.name = 'MissingApiKey';
  }
}

export class NoConnectedMailbox extends Error {
  constructor() {
    super('No connected mailbox: no member has connected their Gmail to this agency. Connect yours in Settings → Connected mailboxes.');
    this.name = 'NoConnectedMailbox';
  }
}

/**
 * What a person reads when the state machine, not our code, stopped a task: its error names
 * (States.Timeout, Sandbox.Timedout, States.Runtime...) mean nothing to them. Not in spec. The
 * threads a job finished are kept (every task is idempotent), so running it again goes on from there.
 */
export const TASK_STOPPED = {
  job: {
    timedOut: 'The job took longer than its time limit and was stopped. Nothing is lost: run it again to pick up where it stopped.',
    stopped: 'The job was stopped by a problem in the service running it. Nothing is lost: run it again to pick up where it stopped.',
  },
  // After "The sheets could not be updated: " (messages.processing.sheetsNotUpdated); the job's threads are saved.
  sheets: {
    timedOut: 'updating them took longer than its time limit; the next job brings them up to date',
    stopped: 'a problem in the service running the update stopped it; the next job brings them up to date',
  },
} as const;

/** Errors the state machine or Lambda raise themselves: a timeout, or a failure of the service running the task. */
const TIMEOUTS = new Set(['States.Timeout', 'States.HeartbeatTimeout', 'Sandbox.Timedout']);
const SERVICE_ERROR = /^(States|Lambda|Sandbox|Runtime)\./;

/** The errorType and errorMessage of a Lambda JSON error (the Cause of a failed Lambda task), else the plain text. */
const readCause = (cause: string): { type?: string; message: string } => {
  try {
    const parsed = JSON.parse(cause) as { errorType?: unknown; errorMessage?: unknown };
    if (parsed && typeof parsed === 'object') {
      return { ...(typeof parsed.errorType === 'string' ? { type: parsed.errorType } : {}), message: typeof parsed.errorMessage === 'string' ? parsed.errorMessage : '' };
    }
  } catch {
    // a plain message
  }
  return { message: cause };
};

/**
 * The message a failed task reports, from a Step Functions error `{Error, Cause}` (Cause may be a
 * Lambda JSON error): our own errors' messages are written for people and kept; the state
 * machine's and Lambda's own (a timeout, a limit, a crash) become a sentence (TASK_STOPPED).
 */
export const describeTaskError = (error: unknown, what: keyof typeof TASK_STOPPED = 'job'): string => {
  const words = TASK_STOPPED[what];
  if (!error || typeof error !== 'object') return words.stopped;
  const { Error: name, Cause: rawCause } = error as { Error?: unknown; Cause?: unknown };
  const cause = typeof rawCause === 'string' && rawCause ? readCause(rawCause) : undefined;
  const names = [name, cause?.type].filter((value): value is string => typeof value === 'string' && value !== '');
  if (names.some((value) => TIMEOUTS.has(value))) return words.timedOut;
  if (names.some((value) => SERVICE_ERROR.test(value))) return words.stopped;
  return cause?.message || words.stopped;
};
