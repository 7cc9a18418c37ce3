import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { laneItems, runLane } from '../../functions/lib/processing/lanes';
import { PARALLEL_LANES } from '../../functions/lib/processing/throughput';
import { tasks as manifestTasks } from '../../functions/routes';
import { ASL_PATH, createLocalEngine, loadDefinition, type ExecutionOutcome } from './step-functions';

type Input = { agencyName: string; jobId: string; lane?: unknown };

/** Task doubles record what the real ASL asks of them; the ASL and the runner are real. */
const recordingTasks = (options: { batches: number; batchDelayMs?: number; failSyncOnce?: boolean; sheetsOnly?: boolean }) => {
  const calls: string[] = [];
  let syncFailures = 0;
  const tasks = {
    JobInitialize: (input: unknown): Record<string, string | boolean> => {
      calls.push('initialize');
      return options.sheetsOnly === undefined ? { startedFor: (input as Input).jobId } : { ok: true, sheets_only: options.sheetsOnly };
    },
    JobFetch: () => {
      calls.push('fetch');
      return { lanes: laneItems(options.batches), batches: options.batches, threads_total: options.batches };
    },
    // One batch per invocation (as when each batch takes most of a Lambda's time): the lane loops.
    JobProcessBatch: async (input: unknown) => {
      const { agencyName, jobId, lane } = input as Input;
      const result = await runLane(
        lane,
        async (index) => {
          await new Promise((resolve) => setTimeout(resolve, options.batchDelayMs ?? 0));
          calls.push(`batch:${index}`);
          return { processed: 1, skipped: 0 };
        },
        () => 0,
      );
      return { agencyName, jobId, ...result };
    },
    JobSyncSheets: () => {
      if (options.failSyncOnce && syncFailures++ === 0) {
        throw Object.assign(new Error('Sheets said 429'), { name: 'RateLimited' });
      }
      calls.push('sync');
      return {};
    },
    JobFinalize: (input: unknown) => {
      const { outcome, sheetsError } = input as { outcome: string; sheetsError?: { Error?: string } };
      calls.push(`finalize:${outcome}${sheetsError ? `:sheets-failed:${sheetsError.Error}` : ''}`);
      return { done: true };
    },
  };
  return { calls, tasks };
};

describe('local Step Functions runner on the real processing ASL', () => {
  it('substitutes every task ARN the ASL names', () => {
    const { definition, taskIds } = loadDefinition();
    expect(taskIds.sort()).toEqual(['JobFetch', 'JobFinalize', 'JobInitialize', 'JobProcessBatch', 'JobSyncSheets']);
    expect(JSON.stringify(definition)).not.toContain('${');
  });

  it('runs Initialize → Fetch → Map over every batch → SyncSheets → Finalize, retrying a throttled step', async () => {
    const { calls, tasks } = recordingTasks({ batches: 5, failSyncOnce: true });
    const engine = createLocalEngine({ tasks, retryIntervalMs: 1 });
    const { executionId } = await engine.start({ name: 'job-1', input: { agencyName: 'a', jobId: 'job-1' } });
    const outcome = await engine.executions.get(executionId)!.done;
    expect(outcome.status).toBe('SUCCEEDED');
    expect(calls.slice(0, 2)).toEqual(['initialize', 'fetch']);
    expect(calls.filter((call) => call.startsWith('batch:')).sort()).toEqual(['batch:0', 'batch:1', 'batch:2', 'batch:3', 'batch:4']);
    expect(calls.slice(-2)).toEqual(['sync', 'finalize:succeeded']);
  });

  it('routes a step that keeps failing to FinalizeFailed and reports FAILED', async () => {
    const { calls, tasks } = recordingTasks({ batches: 1 });
    const ended: string[] = [];
    const engine = createLocalEngine({
      tasks: { ...tasks, JobFetch: () => Promise.reject(Object.assign(new Error('boom'), { name: 'Error' })) },
      retryIntervalMs: 1,
      onExecutionEnded: ({ outcome }) => void ended.push(outcome.status),
    });
    const { executionId } = await engine.start({ name: 'job-2', input: { agencyName: 'a', jobId: 'job-2' } });
    const outcome = await engine.executions.get(executionId)!.done;
    expect(outcome.status).toBe('FAILED');
    expect(calls).toEqual(['initialize', 'finalize:failed']);
    expect(ended).toEqual(['FAILED']);
  });

  it('cancels mid-Map: the execution is ABORTED, later states never run, finished batches stay done', async () => {
    // Ten rounds of the job's lanes (their number follows the OpenAI tier): far from done at the stop.
    const batches = PARALLEL_LANES * 10;
    const { calls, tasks } = recordingTasks({ batches, batchDelayMs: 20 });
    const ended: string[] = [];
    const engine = createLocalEngine({ tasks, onExecutionEnded: ({ outcome }) => void ended.push(outcome.status) });
    const { executionId } = await engine.start({ name: 'job-3', input: { agencyName: 'a', jobId: 'job-3' } });
    const running = engine.executions.get(executionId)!;
    await new Promise((resolve) => setTimeout(resolve, 120));
    await engine.stop(executionId);
    const outcome = await running.done;
    const finishedAtAbort = calls.filter((call) => call.startsWith('batch:')).length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outcome.status).toBe('ABORTED');
    expect(ended).toEqual(['ABORTED']);
    expect(finishedAtAbort).toBeGreaterThan(0);
    expect(finishedAtAbort).toBeLessThan(batches);
    expect(calls).not.toContain('sync');
    expect(calls.some((call) => call.startsWith('finalize'))).toBe(false);
  });

  it('sends a sheets-only job from Initialize straight to SyncSheets and Finalize', async () => {
    const { calls, tasks } = recordingTasks({ batches: 3, sheetsOnly: true });
    const engine = createLocalEngine({ tasks, retryIntervalMs: 1 });
    const { executionId } = await engine.start({ name: 'job-4', input: { agencyName: 'a', jobId: 'job-4' } });
    expect((await engine.executions.get(executionId)!.done).status).toBe('SUCCEEDED');
    expect(calls).toEqual(['initialize', 'sync', 'finalize:succeeded']);
  });

  it('ends a job whose sheet sync keeps failing as it went, with the sync error (FinalizeSheetsFailed), not as failed', async () => {
    const { calls, tasks } = recordingTasks({ batches: 2, sheetsOnly: false });
    const ended: string[] = [];
    const engine = createLocalEngine({
      tasks: { ...tasks, JobSyncSheets: () => Promise.reject(Object.assign(new Error('The caller does not have permission'), { name: 'GooglePermissionDenied' })) },
      retryIntervalMs: 1,
      onExecutionEnded: ({ outcome }) => void ended.push(outcome.status),
    });
    const { executionId } = await engine.start({ name: 'job-5', input: { agencyName: 'a', jobId: 'job-5' } });
    expect((await engine.executions.get(executionId)!.done).status).toBe('SUCCEEDED');
    expect(calls.at(-1)).toBe('finalize:succeeded:sheets-failed:GooglePermissionDenied');
    expect(calls.filter((call) => call.startsWith('batch:'))).toHaveLength(2);
    expect(ended).toEqual([]);
  });

  it('knows only the executions it runs: running while they run, unknown before a restart or after they ended', async () => {
    const { tasks } = recordingTasks({ batches: 20, batchDelayMs: 20 });
    const engine = createLocalEngine({ tasks, retryIntervalMs: 1 });
    const { executionId } = await engine.start({ name: 'job-6', input: { agencyName: 'a', jobId: 'job-6' } });
    expect(await engine.describe(executionId)).toBe('running');
    const restarted = createLocalEngine({ tasks, retryIntervalMs: 1 });
    expect(await restarted.describe(executionId)).toBe('unknown');
    await expect(restarted.stop(executionId)).rejects.toMatchObject({ name: 'ExecutionDoesNotExist' });
    await engine.stop(executionId);
    await engine.settle();
    expect(await engine.describe(executionId)).toBe('unknown');
  });
});

/**
 * Issue 23 point 7 and issue 28 point 1: a processing lane works for minutes before it hands
 * over, under its Lambda's timeout (600 s) and its state's TimeoutSeconds, as on AWS. Fake timers
 * stand in for the clock: the runner's timeouts, the Lambda context's remaining time and the
 * lane's batches are all timers and Date, so minutes of lane work take milliseconds and the
 * real ASL still decides.
 */
describe('a processing lane running for minutes on the local runner', () => {
  const BATCH_MS = 100_000;
  const processBatchTimeoutSeconds = manifestTasks.find((task) => task.id === 'JobProcessBatch')!.timeoutSeconds;

  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * The product's lane (runLane) over `batches` batches of 100 s in one lane. `checksTime`: it
   * reads the invocation's remaining time from the Lambda context, as the ProcessBatch handler
   * does; without it, it works on until the lane is done, whatever its time.
   */
  const laneTasks = (options: { batches: number; checksTime: boolean }) => {
    const finalized: { outcome: string; error?: string; cause?: string }[] = [];
    const invocations: number[] = [];
    let longestInvocationMs = 0;
    const tasks = {
      JobInitialize: () => ({ ok: true, sheets_only: false }),
      JobFetch: () => ({ lanes: laneItems(options.batches, 1), batches: options.batches }),
      JobProcessBatch: async (input: unknown, context: Context) => {
        const { agencyName, jobId, lane } = input as { agencyName: string; jobId: string; lane: { next: number } };
        invocations.push(lane.next);
        const started = Date.now();
        const result = await runLane(
          lane,
          async () => {
            await new Promise((resolve) => setTimeout(resolve, BATCH_MS));
            return { processed: 1, skipped: 0 };
          },
          options.checksTime ? () => context.getRemainingTimeInMillis() : undefined,
        );
        longestInvocationMs = Math.max(longestInvocationMs, Date.now() - started);
        return { agencyName, jobId, ...result };
      },
      JobSyncSheets: () => ({}),
      JobFinalize: (input: unknown) => {
        const { outcome, error } = input as { outcome: string; error?: { Error?: string; Cause?: string } };
        finalized.push({ outcome, ...(error?.Error ? { error: error.Error, cause: error.Cause } : {}) });
        return { done: true };
      },
    };
    return { tasks, finalized, invocations, longestInvocationMs: () => longestInvocationMs };
  };

  const runToEnd = async (engine: ReturnType<typeof createLocalEngine>, name: string): Promise<ExecutionOutcome> => {
    const { executionId } = await engine.start({ name, input: { agencyName: 'a', jobId: name } });
    let outcome: ExecutionOutcome | undefined;
    void engine.executions.get(executionId)!.done.then((ended) => (outcome = ended));
    // at most two hours of simulated time, a minute at a time
    for (let minute = 0; minute < 120 && !outcome; minute += 1) await vi.advanceTimersByTimeAsync(60_000);
    return outcome ?? { status: 'ABORTED' };
  };

  const withAslText = (edit: (text: string) => string): string => {
    const dir = mkdtempSync(join(tmpdir(), 'asl-'));
    const path = join(dir, 'processing.asl.json');
    writeFileSync(path, edit(readFileSync(ASL_PATH, 'utf8')));
    return path;
  };

  it('succeeds with the ASL as it is: one lane invocation works 300 s through its three batches', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { tasks, finalized, longestInvocationMs } = laneTasks({ batches: 3, checksTime: true });
    const outcome = await runToEnd(createLocalEngine({ tasks, retryIntervalMs: 1 }), 'long-lane');
    expect(outcome.status).toBe('SUCCEEDED');
    expect(finalized).toEqual([{ outcome: 'succeeded' }]);
    // the lane really ran past the runner's own 60 s default, in one invocation
    expect(longestInvocationMs()).toBe(3 * BATCH_MS);
  });

  it('a lane that overruns its 600 s Lambda fails the job with Sandbox.Timedout after the ASL\'s 4 retries, as AWS would', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // 8 batches of 100 s: 800 s of work, never checking the time left
    const { tasks, finalized, invocations } = laneTasks({ batches: 8, checksTime: false });
    const outcome = await runToEnd(createLocalEngine({ tasks, retryIntervalMs: 1 }), 'overrun');
    expect(outcome.status).toBe('FAILED');
    // ProcessBatch retries Sandbox.Timedout with MaxAttempts 4: five invocations of the same turn,
    // then the Map's Catch sends Lambda's error to FinalizeFailed.
    const retrier = (loadDefinition().definition as { States: { ProcessBatches: { ItemProcessor: { States: { ProcessBatch: AslRetrying } } } } }).States.ProcessBatches.ItemProcessor.States.ProcessBatch.Retry!;
    const timeoutRetrier = retrier.find((rule) => rule.ErrorEquals.includes('Sandbox.Timedout'))!;
    expect(invocations).toEqual(Array.from({ length: 1 + timeoutRetrier.MaxAttempts }, () => 0));
    expect(finalized).toEqual([{ outcome: 'failed', error: 'Sandbox.Timedout', cause: expect.stringMatching(/^RequestId: [\w-]+ Error: Task timed out after 600\.00 seconds$/) }]);
  });

  it('the same job passes once the lane checks its remaining time: it hands over and the loop calls again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { tasks, finalized, invocations, longestInvocationMs } = laneTasks({ batches: 8, checksTime: true });
    const outcome = await runToEnd(createLocalEngine({ tasks, retryIntervalMs: 1 }), 'checks-time');
    expect(outcome.status).toBe('SUCCEEDED');
    expect(finalized).toEqual([{ outcome: 'succeeded' }]);
    // a batch starts only while 180 s or more are left of 600 s: five a turn, so two turns
    expect(invocations).toEqual([0, 5]);
    expect(longestInvocationMs()).toBeLessThanOrEqual(processBatchTimeoutSeconds * 1000);
  });

  it("a state TimeoutSeconds shorter than the function's fails it with States.Timeout instead", async () => {
    const path = withAslText((text) => text.replace('"TimeoutSeconds": 600', '"TimeoutSeconds": 250'));
    const { tasks, finalized, invocations } = laneTasks({ batches: 3, checksTime: true });
    const engine = createLocalEngine({ tasks, retryIntervalMs: 1, definitionPath: path });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const outcome = await runToEnd(engine, 'state-timeout');
    expect(outcome.status).toBe('FAILED');
    expect(invocations).toHaveLength(5);
    expect(finalized).toEqual([{ outcome: 'failed', error: 'States.Timeout', cause: expect.any(String) }]);
  });

  it("a Task without TimeoutSeconds gets Step Functions' default, not the runner's 60 s: its Lambda's timeout bounds it", async () => {
    const path = withAslText((text) => text.replace(/\s*"TimeoutSeconds": \d+,/g, ''));
    const { tasks, finalized, longestInvocationMs } = laneTasks({ batches: 3, checksTime: true });
    const engine = createLocalEngine({ tasks, retryIntervalMs: 1, definitionPath: path });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const outcome = await runToEnd(engine, 'default-timeout');
    expect(outcome.status).toBe('SUCCEEDED');
    expect(finalized).toEqual([{ outcome: 'succeeded' }]);
    expect(longestInvocationMs()).toBe(3 * BATCH_MS);
  });
});

type AslRetrying = { Retry?: { ErrorEquals: string[]; MaxAttempts: number }[] };
