import type { Context } from 'aws-lambda';
import { flushMetrics } from '../observability/metrics';
import { traced } from '../observability/tracer';

/**
 * What every task function shares around its work: an X-Ray subsegment on AWS, and the metrics
 * it counted, written once per invocation (also when it throws).
 */
export const taskHandler =
  <R>(run: (event: unknown, context?: Context) => Promise<R>) =>
  async (event: unknown, context?: Context): Promise<R> => {
    try {
      return await traced(() => run(event, context));
    } finally {
      flushMetrics();
    }
  };

type RemainingContext = { getRemainingTimeInMillis?: () => number } | undefined;
/** The invocation's time left, for work that hands over before Lambda's timeout (undefined outside Lambda). */
export const remainingTime = (context: RemainingContext) => (context?.getRemainingTimeInMillis ? () => context.getRemainingTimeInMillis!() : undefined);
