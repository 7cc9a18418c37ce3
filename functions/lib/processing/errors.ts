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

/** The message a failed task reports, from a Step Functions error `{Error, Cause}` (Cause may be a Lambda JSON error). */
export const describeTaskError = (error: unknown): string => {
  if (!error || typeof error !== 'object') return 'Processing failed';
  const { Error: name, Cause: cause } = error as { Error?: string; Cause?: string };
  if (typeof cause === 'string' && cause) {
    try {
      const parsed = JSON.parse(cause) as { errorMessage?: string };
      if (parsed.errorMessage) return parsed.errorMessage;
    } catch {
      // a plain message
    }
    return cause;
  }
  return name ? `Processing failed (${name})` : 'Processing failed';
};
