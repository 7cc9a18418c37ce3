import { describe, expect, it } from 'vitest';
import { laneItems, runLane } from '../../functions/lib/processing/lanes';
import { createLocalEngine, HISTORY_LIMIT_EVENTS, PAYLOAD_LIMIT_BYTES, type JsonValue } from './step-functions';

/** Issue 15 point 3, issue 28 point 1: the local runner enforces Step Functions' payload and history quotas as AWS counts them. */
const tasks = (batches: number, fetchOutput?: JsonValue) => ({
  JobInitialize: () => ({ ok: true, sheets_only: false }),
  JobFetch: (): JsonValue => fetchOutput ?? { lanes: laneItems(batches, 1), batches },
  // one batch per invocation: every batch is a lane turn (ProcessBatch, then the LaneDone choice)
  JobProcessBatch: async (input: JsonValue): Promise<JsonValue> => {
    const { agencyName, jobId, lane } = input as { agencyName: string; jobId: string; lane: unknown };
    return { agencyName, jobId, ...(await runLane(lane, async () => ({ processed: 1, skipped: 0 }), () => 0)) };
  },
  JobSyncSheets: () => ({}),
  JobFinalize: () => ({ done: true }),
});

/**
 * The processing ASL with one lane of N turns, as AWS records it: ExecutionStarted 1,
 * Initialize 5, ChooseWork 2, Fetch 5, the Map 4 + 2 for its one item, 7 per turn (ProcessBatch
 * 5, LaneDone 2), LaneEnd 2, SyncSheets 5, Finalize 5: 31 + 7N before the ExecutionSucceeded.
 * Event 25,000 may only be that last one, so N = 3,566 ends at event 24,994 and N = 3,567 reaches
 * 25,000 before it ends.
 */
const LAST_TURNS_THAT_FIT = Math.floor((HISTORY_LIMIT_EVENTS - 1 - 31) / 7);

const run = async (batches: number) => {
  const engine = createLocalEngine({ tasks: tasks(batches), retryIntervalMs: 1 });
  const { executionId } = await engine.start({ name: `turns-${batches}`, input: { agencyName: 'a', jobId: `turns-${batches}` } });
  return engine.executions.get(executionId)!.done;
};

describe('local Step Functions limits', () => {
  it('a task output over 256 KB fails the execution with States.DataLimitExceeded', async () => {
    const big = { lanes: laneItems(1), padding: 'x'.repeat(PAYLOAD_LIMIT_BYTES) };
    const engine = createLocalEngine({ tasks: tasks(1, big), retryIntervalMs: 1 });
    const { executionId } = await engine.start({ name: 'big', input: { agencyName: 'a', jobId: 'big' } });
    const outcome = await engine.executions.get(executionId)!.done;
    expect(outcome).toMatchObject({ status: 'FAILED', error: { name: 'States.DataLimitExceeded' } });
  });

  it('counts 7 history events per lane turn as AWS does: 3,566 turns fit in 25,000 events, 3,567 fail the execution', async () => {
    expect(LAST_TURNS_THAT_FIT).toBe(3566);
    expect((await run(LAST_TURNS_THAT_FIT)).status).toBe('SUCCEEDED');
    const outcome = await run(LAST_TURNS_THAT_FIT + 1);
    expect(outcome).toMatchObject({ status: 'FAILED', error: { name: 'States.Runtime', message: expect.stringContaining('25000') } });
  }, 120_000);
});
