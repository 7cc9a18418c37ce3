import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { SERVICE_NAME } from '../logger';
import { perPlatform } from '../platform/platform';

/** What the product counts (CloudWatch namespace `Threadline`, all of unit Count). */
export const COUNTED_METRICS = [
  /** threads read and stored by a processing batch */
  'ThreadsProcessed',
  /** threads a job could not process (each shown with its reason at the job's end) */
  'ThreadsFailed',
  /** total tokens (prompt + completion) the OpenAI API reported */
  'ModelTokensUsed',
  /** Gmail API quota units spent (users.messages.get = 5, users.history.list = 2, ...) */
  'GmailQuotaUnits',
  /** processing jobs that ended failed (the state machine's failure path or an execution that died) */
  'JobsFailed',
] as const;
export type CountedMetric = (typeof COUNTED_METRICS)[number];

// Summed here and written once per invocation: one value per metric keeps the EMF line short,
// where thousands of Gmail calls would otherwise write an array value per call (100 at most).
const counts = new Map<CountedMetric, number>();

export const countMetric = (name: CountedMetric, value = 1): void => {
  if (value > 0) counts.set(name, (counts.get(name) ?? 0) + value);
};

// Built at the first flush of each installed platform, so the environment the process runs with
// decides: on AWS, EMF to stdout (CloudWatch extracts the metrics); the local runtime sets
// POWERTOOLS_METRICS_DISABLED unless LOG_LEVEL is DEBUG, so local runs and tests are not flooded,
// and a later runtime in the same process (the bench's cost run turns them on) decides afresh.
const emitter = perPlatform(() => new Metrics({ namespace: 'Threadline', serviceName: SERVICE_NAME }));

/**
 * Writes what this invocation counted as one EMF document. The only dimension is `service`:
 * no per-agency dimension, because CloudWatch bills every distinct dimension value as a
 * separate custom metric ($0.30 a month each), which would grow the bill with every agency.
 *
 * Called by the task wrapper (tasks/task-handler.ts), not by the HTTP wrapper: the Metrics class
 * adds 12 KB to every API bundle (AgencyCreate measured 1,016 → 1,028 KB, over its 1,024 KB
 * budget), and the units the API routes spend (a mailbox connect's users.getProfile and watch)
 * are a few per staff action. Without a flush countMetric only keeps five sums in memory.
 */
export const flushMetrics = (): void => {
  if (counts.size === 0) return;
  const metrics = emitter();
  for (const [name, value] of counts) metrics.addMetric(name, MetricUnit.Count, value);
  counts.clear();
  metrics.publishStoredMetrics();
};
