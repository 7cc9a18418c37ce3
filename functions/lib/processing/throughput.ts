import { jobConcurrency } from '../ai/thread-demand';
import { openAILimits } from '../limits/openai-limits';

/**
 * Processing throughput, derived from the limits in one place. The ASL Map (lanes),
 * fetch-threads (batch size) and batch.ts (threads in flight) read these; the benches
 * (bench/openai-throughput.ts, bench/processing.ts) print the bounds they lead to, measured.
 *
 * The limits, per agency key / Google user (functions/lib/limits, google/gmail-quota.ts):
 *   OpenAI (OPENAI_TIER, default 1): requests and tokens per minute per model
 *     (limits/openai-model-limits.ts; tier 1: 500 RPM and 200,000 TPM for both gpt-4.1-mini and
 *     gpt-5-nano), a request counted at admission for the larger of its prompt estimate and its
 *     max tokens (ai/tokens.ts), the first max tokens sized from measured answers (ai/answer-caps.ts).
 *   Gmail: 15,000 quota units/min per Google user (~12 units a thread: ~1,270 threads/min per mailbox).
 *
 * A first read of a one-message thread (ai/thread-demand.ts) makes 3 model calls one after the
 * other; at tier 1 gpt-4.1-mini's tokens bind at ~230 threads/min. The job keeps enough threads
 * in flight to hold that pace at 3 s a model call (Little's law, limits/openai-concurrency.ts):
 * 5 lanes of 10 at tier 1, ~50 lanes at tier 2, at most MAX_LANES.
 */

/** threads per Map item (one JobProcessBatch Lambda invocation) */
export const BATCH_SIZE = 10;

const concurrency = jobConcurrency(openAILimits(), BATCH_SIZE);

/** lanes (batch Lambdas) in flight per job */
export const PARALLEL_LANES = concurrency.lanes;

/** threads of one batch processed at once inside its Lambda (model calls of different threads overlap) */
export const THREADS_IN_FLIGHT = concurrency.threadsPerLane;

/** threads in flight per job: the Lambda-concurrency side of the bound */
export const THREADS_IN_FLIGHT_PER_JOB = PARALLEL_LANES * THREADS_IN_FLIGHT;
