import { parse } from '@aws-lambda-powertools/parser';
import type { InferOutput } from '@aws-lambda-powertools/parser/types';
import type * as z from 'zod';

/** A task's input that is not what its caller sends: a wiring bug, never retried into success. */
export class BadTaskInput extends Error {
  override readonly name = 'BadTaskInput';
}

/*
 * Envelopes (EventBridgeEnvelope...) are not used: each imports every Powertools schema (+360 KB
 * per bundle, see execution-events.ts); an EventBridge event is parsed whole with the parser's
 * EventBridgeSchema extended by its detail instead, which is what the envelope does.
 */

/**
 * Every task reads its input here, through Powertools' parser (one way for Step Functions,
 * EventBridge, the schedules and asynchronous invocations). A malformed input throws
 * `BadTaskInput`, the error name the state machine and the tests see.
 */
export const readTaskEvent = <S extends z.ZodType>(event: unknown, schema: S): InferOutput<S> => {
  const result = parse(event, undefined, schema, true);
  if (!result.success) throw new BadTaskInput(`Task input is not valid: ${result.error.message}`, { cause: result.error });
  return result.data;
};

/** The same read for events a task ignores when they are not its own: undefined, no error. */
export const tryTaskEvent = <S extends z.ZodType>(event: unknown, schema: S): InferOutput<S> | undefined => {
  const result = parse(event, undefined, schema, true);
  return result.success ? result.data : undefined;
};
