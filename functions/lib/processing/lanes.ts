import { PARALLEL_LANES } from './throughput';

/**
 * How a job's batches are spread over the state machine: the Map runs over at most
 * PARALLEL_LANES lanes, and each lane is a loop (ProcessBatch task → LaneDone choice) in which
 * one invocation works through as many of its lane's batches as its time allows and returns
 * where it stopped. Lane k owns batches k, k+L, k+2L, … (L lanes), so the lanes finish together.
 * The batches stay in DynamoDB (jobBatchEntity); the payload carries four numbers per lane, and
 * the execution history grows with the job's duration divided by a Lambda's run, never with the
 * number of threads (Step Functions caps an execution at 25,000 events and 256 KB payloads).
 */
export type Lane = { lane: number; of: number; batches: number; next: number };

export type LaneResult = {
  lane: Lane;
  /** the lane has no batch left, or the job was cancelled / ran past its deadline */
  done: boolean;
  batchesRun: number;
  processed: number;
  skipped: number;
  stopped?: 'cancelled' | 'deadline';
};

type BatchOutcome = { processed: number; skipped: number; stopped?: 'cancelled' | 'deadline' };

/**
 * A batch is started only with this much of the invocation's time left (600 s Lambda): a batch
 * of BATCH_SIZE threads bounds its own model and Gmail waits well inside it, and the lane picks
 * the rest up in its next invocation.
 */
export const LANE_RESERVE_MS = 180_000;

/** The Map's items for a job of `batches` batches: one lane per batch up to PARALLEL_LANES. */
export const laneItems = (batches: number, lanes = PARALLEL_LANES): Lane[] => {
  const of = Math.max(1, Math.min(lanes, batches));
  return batches === 0 ? [] : Array.from({ length: of }, (_, lane) => ({ lane, of, batches, next: lane }));
};

const isLane = (value: unknown): value is Lane => {
  const lane = value as Partial<Lane> | undefined;
  return [lane?.lane, lane?.of, lane?.batches, lane?.next].every((n) => Number.isInteger(n) && (n as number) >= 0) && (lane!.of as number) > 0;
};

/**
 * One invocation of a lane: its batches from `next` on, one after another, until none is left,
 * the job stops (cancel, deadline) or the time left is under the reserve (then not done: the
 * state machine calls again from the returned `next`). A retried invocation starts again from
 * the `next` it was given; the per-thread completion markers make the repeated batch cheap.
 */
export const runLane = async (
  input: unknown,
  runBatch: (index: number) => Promise<BatchOutcome>,
  remainingMs?: () => number,
): Promise<LaneResult> => {
  if (!isLane(input)) {
    throw Object.assign(new Error('ProcessBatch input needs a lane {lane, of, batches, next}'), { name: 'BadTaskInput' });
  }
  const result: LaneResult = { lane: { ...input }, done: false, batchesRun: 0, processed: 0, skipped: 0 };
  let slowestMs = 0;
  while (result.lane.next < result.lane.batches) {
    const left = remainingMs?.();
    // The first batch of an invocation always runs, so a lane always moves.
    if (result.batchesRun > 0 && left !== undefined && left < Math.max(LANE_RESERVE_MS, 2 * slowestMs)) return result;
    const started = Date.now();
    const outcome = await runBatch(result.lane.next);
    slowestMs = Math.max(slowestMs, Date.now() - started);
    result.batchesRun += 1;
    result.processed += outcome.processed;
    result.skipped += outcome.skipped;
    if (outcome.stopped) return { ...result, done: true, stopped: outcome.stopped };
    result.lane.next += result.lane.of;
  }
  return { ...result, done: true };
};
