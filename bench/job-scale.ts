import { createLocalEngine, HISTORY_LIMIT_EVENTS, PAYLOAD_LIMIT_BYTES } from '../infra/local/step-functions';
import { BATCH_SIZE } from '../functions/lib/processing/fetch-threads';

/**
 * Issue 15 point 3: does a 50,000-thread job fit Step Functions' quotas? The real ASL runs in the
 * local runner (which enforces 256 KB per payload and 25,000 history events per execution) with
 * task doubles shaped like the real tasks' answers (JobFetch returns one {index} per batch of
 * BATCH_SIZE threads). Prints the Map size, the largest payload and the outcome.
 */
export const runJobScaleBench = async (threads = 50_000): Promise<boolean> => {
  const batches = Math.ceil(threads / BATCH_SIZE);
  let largest = 0;
  const track = <T>(value: T): T => {
    largest = Math.max(largest, Buffer.byteLength(JSON.stringify(value)));
    return value;
  };
  const engine = createLocalEngine({
    retryIntervalMs: 1,
    tasks: {
      JobInitialize: () => track({ ok: true, sheets_only: false }),
      JobFetch: () => track({ batches: Array.from({ length: batches }, (_, index) => ({ index })), threads_total: threads }),
      JobProcessBatch: (input) => track({ index: (input as { batch?: { index: number } }).batch?.index ?? 0, processed: BATCH_SIZE, skipped: 0 }),
      JobSyncSheets: () => track({}),
      JobFinalize: () => track({ done: true }),
    },
  });
  const started = Date.now();
  const { executionId } = await engine.start({ name: `bench-${threads}`, input: { agencyName: 'bench', jobId: `bench-${threads}` } });
  const outcome = await engine.executions.get(executionId)!.done;
  console.log(`threads ${threads}, batch size ${BATCH_SIZE} → ${batches} Map iterations`);
  console.log(`largest task payload ${largest} bytes (limit ${PAYLOAD_LIMIT_BYTES}); history limit ${HISTORY_LIMIT_EVENTS} events (≈5 per task state counted)`);
  console.log(`outcome: ${outcome.status}${outcome.error ? ` ${outcome.error.name}: ${outcome.error.message}` : ''} (${Date.now() - started} ms)`);
  return outcome.status === 'SUCCEEDED';
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await runJobScaleBench(Number(process.argv[2] ?? 50_000));
  process.exit(ok ? 0 : 1);
}
