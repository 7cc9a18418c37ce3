import { describe, expect, it } from 'vitest';
import { laneItems, runLane } from '../../functions/lib/processing/lanes';
import { createLocalEngine, loadDefinition } from './step-functions';

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
    const { calls, tasks } = recordingTasks({ batches: 40, batchDelayMs: 20 });
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
    expect(finishedAtAbort).toBeLessThan(40);
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
