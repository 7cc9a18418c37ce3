import { Tracer } from '@aws-lambda-powertools/tracer';
import { asError, SERVICE_NAME } from '../logger';
import { dynamoClient } from '../store/client';

/*
 * X-Ray through Powertools for the task functions only (Step Functions, schedules, async tasks,
 * EventBridge). The API routes keep Lambda's active tracing alone, because the bundle budget does
 * not fit the X-Ray SDK: aws-xray-sdk-core + the Tracer bundle to 124 KB minified on their own
 * (measured with the functions' esbuild options), and API routes have a 500 KB budget (tasks 1 MB,
 * bench/bundles.ts) that most routes still exceed.
 *
 * The Tracer turns itself off outside Lambda (no AWS_EXECUTION_ENV: tests) and when
 * POWERTOOLS_TRACE_ENABLED=false (the local runtime sets it).
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME });

// The DocumentClient shares its DynamoDBClient's middleware stack, so this captures every
// DynamoDB call of the store (ElectroDB entities included).
if (tracer.isTracingEnabled()) tracer.captureAWSv3Client(dynamoClient());

/** Runs one invocation in its own subsegment (`## handler`), with cold start and errors recorded. */
export const traced = async <R>(run: () => Promise<R>): Promise<R> => {
  const parent = tracer.getSegment();
  if (!tracer.isTracingEnabled() || !parent) return run();
  const segment = parent.addNewSubsegment(`## ${process.env._HANDLER ?? 'handler'}`);
  tracer.setSegment(segment);
  tracer.annotateColdStart();
  tracer.addServiceNameAnnotation();
  try {
    return await run();
  } catch (error) {
    tracer.addErrorAsMetadata(asError(error));
    throw error;
  } finally {
    segment.close();
    tracer.setSegment(parent);
  }
};
