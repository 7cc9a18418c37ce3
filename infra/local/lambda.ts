import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/**
 * How Lambda runs one invocation, as far as the product can tell: a context whose remaining time
 * counts down from the function's timeout, and at that timeout the invocation ends with Lambda's
 * own error. Lambda would then stop the function; in this process it runs on to its end, and
 * whatever it returns or throws is dropped.
 */
export type Invocation = { result: unknown } | { error: unknown } | { timedOut: true };

/** Settles with the answer, the error, or `timedOut` once `timeoutMs` have passed. */
export const invokeWithin = (run: () => Promise<unknown>, timeoutMs: number): Promise<Invocation> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ timedOut: true }), timeoutMs);
    Promise.resolve()
      .then(run)
      .then(
        (result) => resolve({ result }),
        (error: unknown) => resolve({ error }),
      )
      .finally(() => clearTimeout(timer));
  });

export const lambdaContext = (name: string, timeoutSeconds: number, deadline = Date.now() + timeoutSeconds * 1000, requestId: string = randomUUID()): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName: name,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
  memoryLimitInMB: '512',
  awsRequestId: requestId,
  logGroupName: `/local/${name}`,
  logStreamName: 'local',
  getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

/**
 * The function error Lambda reports for an invocation stopped at its timeout: errorType
 * `Sandbox.Timedout`, "RequestId: … Error: Task timed out after 600.00 seconds". Step Functions
 * takes the errorType as the error name its Retry and Catch match.
 */
export const sandboxTimedOut = (requestId: string, timeoutSeconds: number): Error =>
  Object.assign(new Error(`RequestId: ${requestId} Error: Task timed out after ${timeoutSeconds.toFixed(2)} seconds`), { name: 'Sandbox.Timedout' });

/**
 * One invocation of a handler under its function's timeout: its answer, its own error, or
 * Sandbox.Timedout at the timeout (async and scheduled tasks, whose callers retry on it as
 * Lambda's asynchronous invocation does).
 */
export const invokeFunction = async (name: string, timeoutSeconds: number, handler: (context: Context) => Promise<unknown>): Promise<unknown> => {
  const requestId = randomUUID();
  const context = lambdaContext(name, timeoutSeconds, undefined, requestId);
  const outcome = await invokeWithin(() => handler(context), timeoutSeconds * 1000);
  if ('timedOut' in outcome) throw sandboxTimedOut(requestId, timeoutSeconds);
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
};
