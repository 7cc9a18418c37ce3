import { describe, expect, it } from 'vitest';
import { laneItems, runLane } from '../../functions/lib/processing/lanes';
import { createLocalEngine, HISTORY_LIMIT_EVENTS, PAYLOAD_LIMIT_BYTES } from './step-functions';

/** Issue 15 point 3: the local runner enforces Step Functions' payload and history quotas, so a job that would fail on AWS fails here. */
type Json = Parameters<typeof createLocalEngine>[0]['tasks'][string] extends (input: infer I) => unknown ? I : never;

const tasks = (batches: number, fetchOutput?: Json) => ({
  JobInitialize: () => ({ ok: true, sheets_only: false }),
  JobFetch: (): Json => fetchOutput ?? { lanes: laneItems(batches), batches },
  // one batch per invocation: every batch costs a lane turn (5 task events)
  JobProcessBatch: async (input: Json): Promise<Json> => {
    const { agencyName, jobId, lane } = input as { agencyName: string; jobId: string; lane: unknown };
    return { agencyName, jobId, ...(await runLane(lane, async () => ({ processed: 1, skipped: 0 }), () => 0)) };
  },
  JobSyncSheets: () => ({}),
  JobFinalize: () => ({ done: true }),
});

describe('local Step Functions limits', () => {
  it('a task output over 256 KB fails the execution with States.DataLimitExceeded', async () => {
    const big = { lanes: laneItems(1), padding: 'x'.repeat(PAYLOAD_LIMIT_BYTES) };
    const engine = createLocalEngine({ tasks: tasks(1, big), retryIntervalMs: 1 });
    const { executionId } = await engine.start({ name: 'big', input: { agencyName: 'a', jobId: 'big' } });
    const outcome = await engine.executions.get(executionId)!.done;
    expect(outcome).toMatchObject({ status: 'FAILED', error: { name: 'States.DataLimitExceeded' } });
  });

  it('an execution past 25,000 history events fails; one well under it succeeds', async () => {
    const small = createLocalEngine({ tasks: tasks(50), retryIntervalMs: 1 });
    const ok = await small.start({ name: 'small', input: { agencyName: 'a', jobId: 'small' } });
    expect((await small.executions.get(ok.executionId)!.done).status).toBe('SUCCEEDED');
    const batches = Math.ceil(HISTORY_LIMIT_EVENTS / 5);
    const engine = createLocalEngine({ tasks: tasks(batches), retryIntervalMs: 1 });
    const { executionId } = await engine.start({ name: 'long', input: { agencyName: 'a', jobId: 'long' } });
    const outcome = await engine.executions.get(executionId)!.done;
    expect(outcome).toMatchObject({ status: 'FAILED', error: { name: 'States.Runtime' } });
  }, 60_000);
});
