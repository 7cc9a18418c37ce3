/**
 * OpenAI throughput: `npx tsx bench/openai-throughput.ts` (or `npm run bench`).
 *
 * Drives the product's real limiter (limits/openai-limits.ts: per-model pools, SharedBucket
 * blocks on a bucket table kept in memory with 5 ms a request) and its real request sizing
 * (ai/answer-caps.ts, ai/tokens.ts admission, ai/thread-demand.ts job concurrency) against a
 * simulated model at 1 s and 3 s a call, on a simulated clock, for 10 simulated minutes: a job's
 * lanes each run batches of BATCH_SIZE threads, THREADS_IN_FLIGHT at a time, every thread its
 * model calls one after another after 1 s of Gmail and DynamoDB work. Two workloads measured on
 * the emulator (bench/openai-answer-sizes.ts): a first read of a one-message thread, and the
 * seeded agency's year.
 *
 * Prints threads/min against OpenAI's binding limit for the requests the product sends (per
 * model pool, a request counted as the larger of its max tokens and its prompt estimate), the
 * share reached, bucket-table (DynamoDB) requests per model call and the share of model calls
 * that made one, the emulator's 429s (its rate-limits.ts applies OpenAI's rules) and the busiest
 * sliding minute of each pool against its limits.
 * "today" replays the limiter as it was before (one pool per key, prompt + max tokens, the old
 * caps, tokens reserved one call at a time, 4 lanes x 5 threads) for comparison.
 *
 * Fails when the product misses a goal: ≥ 80 % of the binding limit, no 429, no minute past a
 * limit.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { MODEL_DEFAULTS, type ModelPurpose } from '../shared/constants';
import { answerCap, structuredCaps } from '../functions/lib/ai/answer-caps';
import { admissionTokens, type ChatMessage } from '../functions/lib/ai/openai';
import { FIRST_READ, jobConcurrency, type ThreadCall } from '../functions/lib/ai/thread-demand';
import { admissionWeight, estimatePromptTokens } from '../functions/lib/ai/tokens';
import { bindingLimit, type BindingLimit } from '../functions/lib/limits/openai-binding-limit';
import { createOpenAILimiter, keyId, openAILimits, poolLimits, type OpenAILimiter, type OpenAILimits } from '../functions/lib/limits/openai-limits';
import { poolOf } from '../functions/lib/limits/openai-model-limits';
import type { BucketTable } from '../functions/lib/limits/bucket-table';
import { memoryBucketTable } from '../functions/lib/limits/memory-bucket-table';
import { SharedBucket, type RateStore } from '../functions/lib/limits/shared-bucket';
import { virtualClock, type VirtualClock } from '../functions/lib/limits/virtual-clock';
import { THREAD_OVERHEAD_MS } from '../functions/lib/limits/openai-concurrency';
import { BATCH_SIZE } from '../functions/lib/processing/throughput';
import { createRateLimiter } from '../test/emulators/openai/rate-limits';

const SIMULATED_MS = 10 * 60_000;
/** The simulated clock starts on the test suites' pinned day. */
const START = Date.parse('2026-11-23T12:00:00Z');
const TABLE_REQUEST_MS = 5;
const KEY = 'sk-proj-bench-0000000000000000000000000000000000000000';
const GOAL = 0.8;

/**
 * The seeded agency's year as the emulator answered it (bench/openai-answer-sizes.ts at 4 lanes
 * x 5 threads: 313 threads, 1,797 calls): four messages a thread on average, key dates and a
 * summary for the threads a person wrote in. (With more threads in flight, copies of one
 * conversation in several mailboxes are more often read at the same time, each analysed.)
 */
const SEEDED_YEAR: readonly ThreadCall[] = [
  { purpose: 'individual_message_summary', perThread: 4.03, promptTokens: 666 },
  { purpose: 'date_validation', perThread: 0.85, promptTokens: 918 },
  { purpose: 'thread_summary', perThread: 0.85, promptTokens: 799 },
  { purpose: 'campaign_aggregation', perThread: 0.02, promptTokens: 1_606 },
];

const WORKLOADS = [
  { name: 'first read, 1 message', calls: FIRST_READ },
  { name: 'seeded agency year', calls: SEEDED_YEAR },
];

/** What analyse.ts allows the structured purposes (the settings' max_tokens raised to its floor). */
const STRUCTURED_BUDGET: Partial<Record<ModelPurpose, number>> = { individual_message_summary: 800, date_validation: 1_200 };

/** The first cap of a purpose's call with the default settings, as the product sends it now. */
const capNow = (purpose: ModelPurpose): number => {
  const budget = STRUCTURED_BUDGET[purpose];
  return budget === undefined ? Math.min(MODEL_DEFAULTS[purpose].max_tokens, answerCap(purpose)) : structuredCaps(purpose, budget).first;
};

type Config = {
  name: 'now' | 'today';
  cap: (purpose: ModelPurpose) => number;
  /** what the product's limiter counts a request for */
  weight: (messages: ChatMessage[], cap: number) => number;
  concurrency: (limits: OpenAILimits) => { lanes: number; threadsPerLane: number };
  limiter: (limits: OpenAILimits, table: BucketTable, clock: VirtualClock) => OpenAILimiter;
};

const NOW: Config = {
  name: 'now',
  cap: capNow,
  weight: (messages, maxTokens) => admissionTokens({ messages, maxTokens }),
  concurrency: (limits) => jobConcurrency(limits, BATCH_SIZE),
  limiter: (limits, table, clock) => createOpenAILimiter(limits, { table, clock: { now: clock.now, sleep: clock.sleep } }),
};

/** The limiter before issue 24: one pool per key on the gpt-4.1-mini class, a 5 % burst, tokens one call at a time. */
const todayLimiter = (limits: OpenAILimits, table: BucketTable, clock: VirtualClock): OpenAILimiter => {
  const budget = poolLimits(limits, 'gpt-4.1-mini');
  const options = (perMinute: number) => {
    const capacity = Math.max(1, Math.floor(perMinute * 0.05));
    return { capacity, refillPerMs: (perMinute - capacity) / 60_000, now: clock.now, sleep: clock.sleep, table };
  };
  const requests = new SharedBucket({ ...options(budget.requestsPerMinute), scope: 'openai-rpm', blockUnits: 5, blockTtlMs: 5_000 });
  const tokens = new SharedBucket({ ...options(budget.tokensPerMinute), scope: 'openai-tpm' });
  // every model in one pool: the same item whatever the model
  const onePool = (store: RateStore): RateStore => ({ acquire: (_id, units, wait) => store.acquire(keyId(KEY), units, wait), penalize: (_id, ms) => store.penalize(keyId(KEY), ms) });
  return createOpenAILimiter(limits, { stores: () => ({ requests: onePool(requests), tokens: onePool(tokens) }) });
};

const TODAY: Config = {
  name: 'today',
  cap: (purpose) => ({ individual_message_summary: 800, date_validation: 1_200, thread_summary: 1_200, campaign_aggregation: 500 })[purpose],
  weight: (messages, maxTokens) => estimatePromptTokens(messages) + maxTokens,
  concurrency: () => ({ lanes: 4, threadsPerLane: 5 }),
  limiter: todayLimiter,
};

/** A prompt the product's estimate (and the emulator's) counts as `tokens`: 3 framing + 4 for the message + its characters / 4. */
const promptOf = (tokens: number): ChatMessage[] => [{ role: 'user', content: 'x'.repeat(Math.max(0, tokens - 7) * 4) }];

/** Thread `i`'s calls in order: fractional counts spread evenly over the threads. */
const callsOf = (calls: readonly ThreadCall[], i: number): ThreadCall[] =>
  calls.flatMap((call) => Array.from({ length: Math.floor((i + 1) * call.perThread) - Math.floor(i * call.perThread) }, () => call));

type Admitted = { at: number; pool: string; tokens: number };

/** The model call whose admission is running, to see which calls made a table request. */
const admitting = new AsyncLocalStorage<{ requested: boolean; done: boolean }>();

/** The table as the limiters see it, marking the call that caused each request (a block's expiry is nobody's). */
const watched = (table: BucketTable): BucketTable => {
  const mark = () => {
    const call = admitting.getStore();
    if (call && !call.done) call.requested = true;
  };
  return {
    startIdle: (...args) => (mark(), table.startIdle(...args)),
    addBusy: (...args) => (mark(), table.addBusy(...args)),
    read: (...args) => (mark(), table.read(...args)),
    pushTo: (...args) => (mark(), table.pushTo(...args)),
    giveBack: (...args) => (mark(), table.giveBack(...args)),
  };
};

/** The busiest sliding minute of each pool, as a share of its limit (requests and tokens). */
const busiestMinute = (log: Admitted[], limits: OpenAILimits): number => {
  let worst = 0;
  const pools = new Map<string, Admitted[]>();
  for (const entry of log) {
    const entries = pools.get(entry.pool) ?? [];
    entries.push(entry);
    pools.set(entry.pool, entries);
  }
  for (const [pool, entries] of pools) {
    const budget = poolLimits(limits, pool);
    let from = 0;
    let tokens = 0;
    for (let to = 0; to < entries.length; to += 1) {
      tokens += entries[to]!.tokens;
      while (entries[to]!.at - entries[from]!.at >= 60_000) tokens -= entries[from++]!.tokens;
      worst = Math.max(worst, tokens / budget.tokensPerMinute, (to - from + 1) / budget.requestsPerMinute);
    }
  }
  return worst;
};

type Run = {
  threadsPerMinute: number;
  binding: BindingLimit;
  share: number;
  calls: number;
  /** table requests (reads, writes, failed conditions, expired blocks returned) per model call */
  tablePerCall: number;
  /** model calls whose admission made a table request */
  callsRequesting: number;
  refused: number;
  busiest: number;
  lanes: number;
  threadsPerLane: number;
};

const simulate = async (config: Config, calls: readonly ThreadCall[], tier: number, latencyMs: number): Promise<Run> => {
  const limits = openAILimits({ OPENAI_TIER: String(tier) });
  const clock = virtualClock(START);
  const end = START + SIMULATED_MS;
  const table = memoryBucketTable({ delay: () => clock.sleep(TABLE_REQUEST_MS) });
  const seenByLimiters = watched(table);
  let requesting = 0;
  // OpenAI's side: the emulator's rules (a pool per model; the default models share the tier's numbers)
  const openai = createRateLimiter(poolLimits(limits, 'gpt-4.1-mini'), clock.now);
  const { lanes, threadsPerLane } = config.concurrency(limits);
  const log: Admitted[] = [];
  let refused = 0;
  let done = 0;
  let nextThread = 0;

  const thread = async (limiter: OpenAILimiter, i: number) => {
    await clock.sleep(THREAD_OVERHEAD_MS);
    for (const call of callsOf(calls, i)) {
      const model = MODEL_DEFAULTS[call.purpose].model;
      const maxTokens = config.cap(call.purpose);
      const messages = promptOf(call.promptTokens);
      const admission = { requested: false, done: false };
      await admitting.run(admission, () => limiter.admit(KEY, model, config.weight(messages, maxTokens)));
      admission.done = true;
      if (admission.requested && clock.now() <= end) requesting += 1;
      const verdict = openai.admit('bench', model, { model, messages, max_completion_tokens: maxTokens });
      if (verdict && !verdict.ok) refused += 1;
      log.push({ at: clock.now(), pool: poolOf(model), tokens: verdict?.tokens ?? 0 });
      await clock.sleep(latencyMs);
    }
    if (clock.now() <= end) done += 1;
  };
  // a lane is one batch Lambda: its own limiter, batch after batch, threadsPerLane threads at a time
  const lane = async () => {
    const limiter = config.limiter(limits, seenByLimiters, clock);
    while (clock.now() < end) {
      let taken = 0;
      const worker = async () => {
        while (taken < BATCH_SIZE) {
          taken += 1;
          await thread(limiter, nextThread++);
        }
      };
      await Promise.all(Array.from({ length: Math.min(threadsPerLane, BATCH_SIZE) }, worker));
    }
  };
  for (let i = 0; i < lanes; i += 1) void lane();
  await clock.run(end);

  // OpenAI's rule whatever the limiter believed: each request counts max(its cap, its prompt estimate)
  const binding = bindingLimit(
    limits,
    calls.map((call) => ({ model: MODEL_DEFAULTS[call.purpose].model, requests: call.perThread, tokens: call.perThread * admissionWeight(call.promptTokens, config.cap(call.purpose)) })),
  );
  const threadsPerMinute = done / (SIMULATED_MS / 60_000);
  const admitted = log.filter((e) => e.at <= end);
  return {
    threadsPerMinute,
    binding,
    share: threadsPerMinute / binding.threadsPerMinute,
    calls: admitted.length,
    tablePerCall: (table.writes + table.reads) / Math.max(1, admitted.length),
    callsRequesting: requesting / Math.max(1, admitted.length),
    refused,
    busiest: busiestMinute(admitted, limits),
    lanes,
    threadsPerLane,
  };
};

export const runOpenAiThroughputBench = async (): Promise<boolean> => {
  const f0 = (n: number) => n.toFixed(0);
  const pct = (n: number) => `${(100 * n).toFixed(0)} %`;
  console.log(`Simulated ${SIMULATED_MS / 60_000} min per row; binding = OpenAI's limit for the requests sent (per model pool, max(max tokens, prompt estimate)); goal >= ${pct(GOAL)} for "now".`);
  console.log(
    `${'workload'.padEnd(24)} ${'tier'.padStart(4)} ${'latency'.padStart(7)} ${'limiter'.padEnd(6)} ${'in flight'.padStart(9)} ${'threads/min'.padStart(11)} ${'binding'.padStart(8)} ${'binding pool'.padEnd(22)} ${'share'.padStart(6)} ${'table req/call'.padStart(14)} ${'calls w/ req'.padStart(12)} ${'429s'.padStart(5)} ${'busiest min'.padStart(11)}`,
  );
  let ok = true;
  for (const workload of WORKLOADS) {
    for (const tier of [1, 2]) {
      for (const latencyMs of [1_000, 3_000]) {
        for (const config of [TODAY, NOW]) {
          const run = await simulate(config, workload.calls, tier, latencyMs);
          const missed = config.name === 'now' && (run.share < GOAL || run.refused > 0 || run.busiest > 1);
          if (missed) ok = false;
          console.log(
            `${workload.name.padEnd(24)} ${String(tier).padStart(4)} ${`${latencyMs / 1000} s`.padStart(7)} ${config.name.padEnd(6)} ${`${run.lanes} x ${run.threadsPerLane}`.padStart(9)} ${f0(run.threadsPerMinute).padStart(11)} ${f0(run.binding.threadsPerMinute).padStart(8)} ${`${run.binding.pool} ${run.binding.kind}`.padEnd(22)} ${pct(run.share).padStart(6)} ${run.tablePerCall.toFixed(2).padStart(14)} ${pct(run.callsRequesting).padStart(12)} ${String(run.refused).padStart(5)} ${pct(run.busiest).padStart(11)}${missed ? '  <- goal missed' : ''}`,
          );
        }
      }
    }
  }
  return ok;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit((await runOpenAiThroughputBench()) ? 0 : 1);
}
