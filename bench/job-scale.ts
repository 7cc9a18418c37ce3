import { createLocalEngine, HISTORY_LIMIT_EVENTS, PAYLOAD_LIMIT_BYTES } from '../infra/local/step-functions';
import { laneItems, runLane } from '../functions/lib/processing/lanes';
import { BATCH_SIZE, PARALLEL_LANES } from '../functions/lib/processing/throughput';
import { tasks as taskDefs } from '../functions/routes';

/** A thread's work at 1 s model latency, taken whole (no overlap inside a batch): the slow case for the history. */
const SIMULATED_MS_PER_THREAD = 2_000;

/**
 * Issue 15 point 3, a gate: a 50,000-thread job must complete under Step Functions' quotas. The
 * real ASL runs in the local runner (which fails an execution past 256 KB per payload or 25,000
 * history events, counting 5 per task state) with task doubles that answer as the real tasks do:
 * JobFetch returns the lanes of laneItems(), JobProcessBatch runs the real lane loop (runLane)
 * over batches that each take BATCH_SIZE × SIMULATED_MS_PER_THREAD of a simulated clock against
 * the Lambda's timeout. The runner counts task events only; the figure printed for AWS adds the
 * Choice, Map iteration and top-level state events it does not see, and both must fit.
 */
export const runJobScaleBench = async (threads = 50_000): Promise<boolean> => {
  const batches = Math.ceil(threads / BATCH_SIZE);
  const timeoutMs = (taskDefs.find((task) => task.id === 'JobProcessBatch')?.timeoutSeconds ?? 600) * 1000;
  let largest = 0;
  let otherTasks = 0;
  let laneTurns = 0;
  let threadsDone = 0;
  const measure = <T>(value: T): T => {
    largest = Math.max(largest, Buffer.byteLength(JSON.stringify(value)));
    return value;
  };
  const track = <T>(value: T): T => {
    otherTasks += 1;
    return measure(value);
  };
  const engine = createLocalEngine({
    retryIntervalMs: 1,
    tasks: {
      JobInitialize: () => track({ ok: true, sheets_only: false }),
      JobFetch: () => track({ lanes: laneItems(batches), batches, threads_total: threads }),
      JobProcessBatch: async (input) => {
        measure(input);
        laneTurns += 1;
        const { agencyName, jobId, lane } = input as { agencyName: string; jobId: string; lane: unknown };
        let elapsed = 0;
        const result = await runLane(
          lane,
          async (index) => {
            const size = Math.min(BATCH_SIZE, threads - index * BATCH_SIZE);
            elapsed += size * SIMULATED_MS_PER_THREAD;
            threadsDone += size;
            return { processed: size, skipped: 0 };
          },
          () => timeoutMs - elapsed,
        );
        return measure({ agencyName, jobId, ...result });
      },
      JobSyncSheets: () => track({}),
      JobFinalize: () => track({ done: true }),
    },
  });
  const started = Date.now();
  const { executionId } = await engine.start({ name: `bench-${threads}`, input: { agencyName: 'bench', jobId: `bench-${threads}` } });
  const outcome = await engine.executions.get(executionId)!.done;
  const lanes = Math.min(PARALLEL_LANES, batches);
  // As AWS records them: 5 per task, 2 per Choice (ChooseWork, each LaneDone) and Succeed
  // (each LaneEnd), 2 per Map iteration, Map and execution start/end.
  const awsEvents = 5 * (otherTasks + laneTurns) + 2 * (1 + laneTurns + lanes) + 2 * lanes + 4 + 2;
  const runnerEvents = 2 + 5 * (otherTasks + laneTurns);
  console.log(`threads ${threads}, batch size ${BATCH_SIZE} → ${batches} batches over ${lanes} lanes, ${laneTurns} ProcessBatch invocations (${SIMULATED_MS_PER_THREAD} ms per thread, ${timeoutMs / 1000} s Lambda)`);
  console.log(`history events: ${runnerEvents} counted by the runner, ~${awsEvents} as AWS records them (limit ${HISTORY_LIMIT_EVENTS})`);
  console.log(`largest task payload ${largest} bytes (limit ${PAYLOAD_LIMIT_BYTES})`);
  console.log(`threads processed ${threadsDone} of ${threads}`);
  console.log(`outcome: ${outcome.status}${outcome.error ? ` ${outcome.error.name}: ${outcome.error.message}` : ''} (${Date.now() - started} ms)`);
  return outcome.status === 'SUCCEEDED' && threadsDone === threads && awsEvents <= HISTORY_LIMIT_EVENTS && largest <= PAYLOAD_LIMIT_BYTES;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await runJobScaleBench(Number(process.argv[2] ?? 50_000));
  process.exit(ok ? 0 : 1);
}
