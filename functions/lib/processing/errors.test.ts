import { describe, expect, it } from 'vitest';
import { describeTaskError, TASK_STOPPED } from './errors';

const lambdaError = (errorType: string, errorMessage: string) => JSON.stringify({ errorType, errorMessage, trace: [] });

describe('describeTaskError: what a person reads when a job fails', () => {
  it('a task the state machine timed out reads as a sentence, never "States.Timeout"', () => {
    // What Step Functions (and the local runner) put in $.error when a Task state's TimeoutSeconds passes.
    expect(describeTaskError({ Error: 'States.Timeout', Cause: 'States.Timeout' })).toBe(
      'The job took longer than its time limit and was stopped. Nothing is lost: run it again to pick up where it stopped.',
    );
    expect(describeTaskError({ Error: 'States.Timeout' })).toBe(TASK_STOPPED.job.timedOut);
    expect(describeTaskError({ Error: 'States.HeartbeatTimeout', Cause: '' })).toBe(TASK_STOPPED.job.timedOut);
  });

  it("a Lambda that ran out of its own time reads the same, never its RequestId line", () => {
    const cause = lambdaError('Sandbox.Timedout', 'RequestId: 4f1c Error: Task timed out after 600.00 seconds');
    expect(describeTaskError({ Error: 'Sandbox.Timedout', Cause: cause })).toBe(TASK_STOPPED.job.timedOut);
    expect(describeTaskError({ Error: 'Lambda.Unknown', Cause: cause })).toBe(TASK_STOPPED.job.timedOut);
  });

  it("the state machine's and Lambda's other errors read as the service's problem, with no error name in it", () => {
    for (const error of [
      { Error: 'States.Runtime', Cause: 'The execution reached the maximum number of history events (25000) at ProcessBatch' },
      { Error: 'States.DataLimitExceeded', Cause: 'The output of Fetch exceeds 262144 bytes' },
      { Error: 'Lambda.ServiceException', Cause: 'Lambda.ServiceException' },
      { Error: 'Runtime.ExitError', Cause: lambdaError('Runtime.ExitError', 'RequestId: 1 Error: Runtime exited with error: signal: killed') },
      { Error: 'States.TaskFailed' },
    ]) {
      const message = describeTaskError(error);
      expect(message, error.Error).toBe(TASK_STOPPED.job.stopped);
      expect(message).not.toMatch(/States\.|Lambda\.|Runtime\.|RequestId/);
    }
    expect(describeTaskError(undefined)).toBe(TASK_STOPPED.job.stopped);
  });

  it('our own errors keep the message written for people', () => {
    const cause = lambdaError('MissingApiKey', 'No OpenAI API key is set for this agency. Set your OpenAI API key (Configure OpenAI API), then start processing again.');
    expect(describeTaskError({ Error: 'MissingApiKey', Cause: cause })).toBe('No OpenAI API key is set for this agency. Set your OpenAI API key (Configure OpenAI API), then start processing again.');
    expect(describeTaskError({ Error: 'NoConnectedMailbox', Cause: 'No connected mailbox' })).toBe('No connected mailbox');
  });

  it('a sheet sync that timed out or was stopped says so in the warning\'s words', () => {
    expect(describeTaskError({ Error: 'States.Timeout', Cause: 'States.Timeout' }, 'sheets')).toBe('updating them took longer than its time limit; the next job brings them up to date');
    expect(describeTaskError({ Error: 'Lambda.TooManyRequestsException' }, 'sheets')).toBe(TASK_STOPPED.sheets.stopped);
  });
});
