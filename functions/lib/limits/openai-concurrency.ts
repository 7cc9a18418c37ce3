/**
 * How many threads a job keeps in flight so that the key's binding limit, not the in-flight
 * count, sets its pace. Little's law: in flight = rate × time a thread takes. A thread makes its
 * model calls one after another, plus its Gmail and DynamoDB work, and a lane's batch waits for
 * its slowest thread before the next one starts, hence the headroom. More in flight than needed
 * only waits at the limiter; fewer caps the job below the key's limit.
 */

/** The model latency the job is sized for: a structured answer of a few hundred tokens, slow day. */
export const PLANNED_MODEL_LATENCY_MS = 3_000;
/** A thread's Gmail reads and DynamoDB writes around its model calls. */
export const THREAD_OVERHEAD_MS = 1_000;
const HEADROOM = 1.5;
/** Lambdas per job at most: a job of a tier-3+ key at 3 s stays within an account's default concurrency. */
export const MAX_LANES = 50;

export const threadsInFlight = (threadsPerMinute: number, sequentialCalls: number, latencyMs = PLANNED_MODEL_LATENCY_MS): number =>
  Math.max(1, Math.ceil((threadsPerMinute / 60_000) * (sequentialCalls * latencyMs + THREAD_OVERHEAD_MS) * HEADROOM));

/** Lanes (batch Lambdas) of `threadsPerLane` threads each that keep `inFlight` threads going. */
export const lanesFor = (inFlight: number, threadsPerLane: number): number => Math.min(MAX_LANES, Math.max(1, Math.ceil(inFlight / threadsPerLane)));
