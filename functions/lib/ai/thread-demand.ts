import { MODEL_DEFAULTS, type ModelPurpose } from '../../../shared/constants';
import { bindingLimit, type ModelDemand } from '../limits/openai-binding-limit';
import { lanesFor, PLANNED_MODEL_LATENCY_MS, threadsInFlight } from '../limits/openai-concurrency';
import type { OpenAILimits } from '../limits/openai-limits';
import { answerCap } from './answer-caps';
import { admissionWeight } from './tokens';

/** One kind of model call a thread makes: how many a thread makes and how large its prompt is (estimated tokens). */
export type ThreadCall = { purpose: ModelPurpose; perThread: number; promptTokens: number };

/**
 * A first read of a thread with one new message (the heaviest pace a job asks of a key, and the
 * one its concurrency is sized for): one call per purpose, prompts as measured on the emulator
 * (`npx tsx bench/openai-throughput.ts --measure`, mean estimate of 41 threads).
 */
export const FIRST_READ: readonly ThreadCall[] = [
  { purpose: 'individual_message_summary', perThread: 1, promptTokens: 634 },
  { purpose: 'date_validation', perThread: 1, promptTokens: 411 },
  { purpose: 'thread_summary', perThread: 1, promptTokens: 316 },
];

/** What a thread's calls spend of each model's pool, each call counted as OpenAI admits it with the purpose's first cap. */
export const threadDemand = (calls: readonly ThreadCall[], modelOf: (purpose: ModelPurpose) => string = (purpose) => MODEL_DEFAULTS[purpose].model): ModelDemand[] =>
  calls.map((call) => ({
    model: modelOf(call.purpose),
    requests: call.perThread,
    tokens: call.perThread * admissionWeight(call.promptTokens, answerCap(call.purpose)),
  }));

export type JobConcurrency = { lanes: number; threadsPerLane: number; inFlight: number; threadsPerMinute: number };

/**
 * Lanes and threads per lane for a job under these limits: the first read's binding pace on the
 * default models, kept going at the planned model latency (limits/openai-concurrency.ts). A
 * lane runs at most `batchSize` threads at once (its batch).
 */
export const jobConcurrency = (limits: OpenAILimits, batchSize: number, latencyMs = PLANNED_MODEL_LATENCY_MS, calls: readonly ThreadCall[] = FIRST_READ): JobConcurrency => {
  const { threadsPerMinute } = bindingLimit(limits, threadDemand(calls));
  const sequentialCalls = calls.reduce((n, call) => n + call.perThread, 0);
  const inFlight = threadsInFlight(threadsPerMinute, sequentialCalls, latencyMs);
  const lanes = lanesFor(inFlight, batchSize);
  return { lanes, threadsPerLane: Math.min(batchSize, Math.ceil(inFlight / lanes)), inFlight, threadsPerMinute };
};
