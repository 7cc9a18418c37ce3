import type { ModelPurpose } from '../../../shared/constants';

/**
 * Processing throughput, derived from the limits in one place. The ASL Map (MaxConcurrency),
 * fetch-threads (batch size), batch.ts (threads in flight) and model.ts (answer caps) read
 * these; the bench (bench/processing.ts) prints the bounds they lead to, measured.
 *
 * The limits, per agency key / Google user (functions/lib/limits, google/gmail-quota.ts):
 *   OpenAI tier 1 (default, OPENAI_TIER):   500 requests/min,  200,000 tokens/min, a request
 *     counted at admission for prompt estimate + its max tokens.
 *   Gmail:                                   15,000 quota units/min per Google user.
 *
 * One thread with one new human message costs (bench/processing.ts, emulator, first run):
 *   ~3.1 model calls (message analysis, key dates, thread summary), admitted for their prompts
 *   plus their caps (analyse.ts sizes the structured ones: 800 and 1,200; the thread summary
 *   ANSWER_TOKENS below): ~4,700 admitted tokens a thread (~1,650 actually used);
 *   Gmail: threads.get (10 units) + its share of the listing: ~11-12 units a thread.
 * So the bounds are
 *   OpenAI TPM: 200,000 / ~4,700  ≈  42 threads/min   <- binding at tier 1
 *   OpenAI RPM: 500 / 3.1          ≈ 160 threads/min
 *   Gmail:      15,000 / ~12       ≈ 1,270 threads/min per mailbox
 * and the work in flight must cover the TPM bound at the slowest latency we plan for (1 s per
 * model call): a thread is ~3 sequential calls + ~1 s of Gmail/DynamoDB = ~4 s, so 42
 * threads/min needs 42 / 60 * 4 ≈ 3 threads in flight. Tier 2 (2,000,000 TPM, ~425
 * threads/min) needs ~28. PARALLEL_LANES * THREADS_IN_FLIGHT = 4 * 5 = 20 in flight covers
 * tier 1 six times over and most of tier 2, while a batch (10 threads, 2 rounds of 5) stays far
 * inside the batch Lambda's 600 s even when the shared limiter makes it wait. More lanes would
 * not go faster at tier 1: the limiter, not the lanes, sets the pace (measured: 40 threads/min
 * at 1 s, 42 at 300 ms, 95-97 % of the TPM bound; the limiter runs at 95 % of the budget).
 */

/** threads per Map item (one JobProcessBatch Lambda invocation) */
export const BATCH_SIZE = 10;

/** Map MaxConcurrency: batches (Lambdas) in flight per job */
export const PARALLEL_LANES = 4;

/** threads of one batch processed at once inside its Lambda (model calls of different threads overlap) */
export const THREADS_IN_FLIGHT = 5;

/** threads in flight per job: the Lambda-concurrency side of the bound */
export const THREADS_IN_FLIGHT_PER_JOB = PARALLEL_LANES * THREADS_IN_FLIGHT;

/**
 * The answer each purpose needs, in tokens: the first cap of its calls when the caller does not
 * size the answer itself (never above the setting, see model.ts). The thread summary's setting defaults to 8,000, which at admission
 * would count 8,000 tokens for an answer of a few hundred: sized down, a tier-1 key processes
 * several times more threads a minute. An answer cut here is asked once more with the full cap.
 */
export const ANSWER_TOKENS: Readonly<Record<ModelPurpose, number>> = {
  individual_message_summary: 600,
  date_validation: 600,
  thread_summary: 1_200,
  campaign_aggregation: 1_000,
};

export const answerCap = (purpose: ModelPurpose): number => ANSWER_TOKENS[purpose] ?? Number.MAX_SAFE_INTEGER;
