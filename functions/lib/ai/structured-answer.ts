import type * as z from 'zod';
import type { ModelPurpose } from '../../../shared/constants';
import { errorMessage, logger } from '../logger';
import { structuredCaps } from './answer-caps';
import type { ModelCaller } from './model-caller';
import { AiInvalidOutput, AiOutputTruncated, OpenAIRequestRejected } from './errors';
import type { StructuredOutput } from './json-schema';
import type { ChatMessage } from './openai';

/** A model answer that could not be used, as a thread or message records it. */
export type Failure = { purpose: string; message: string; at: string };

/** How many zod issues an unusable answer's log line and failure carry. */
const ISSUES_SHOWN = 3;

/**
 * The one way a structured answer is read: the zod schema's JSON schema is sent as the
 * structured-output format and the answer is parsed with that same schema, so what the code
 * reads is what it asked for. An answer that is not JSON (the caller throws) or that the schema
 * refuses is an AiInvalidOutput naming the zod issues (and carrying the tokens it cost).
 */
export const askModel = async <S extends z.ZodType>(
  call: ModelCaller,
  purpose: ModelPurpose,
  messages: ChatMessage[],
  output: StructuredOutput<S>,
  options?: { maxTokens?: number },
): Promise<{ answer: z.output<S>; tokens: number }> => {
  const raw = await call(purpose, messages, { name: output.name, schema: output.schema }, options);
  const parsed = output.answer.safeParse(raw.json);
  if (parsed.success) return { answer: parsed.data, tokens: raw.tokens };
  const issues = parsed.error.issues.slice(0, ISSUES_SHOWN).map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
  logger.warn('model answer failed its schema', { purpose, schema: output.name, issues });
  throw new AiInvalidOutput(`the answer did not match ${output.name} (${issues.join('; ')})`, raw.tokens);
};

/** Why one attempt gave no usable answer, when asking again can help. */
const retryable = (error: unknown) => error instanceof AiOutputTruncated || error instanceof AiInvalidOutput;

/**
 * One structured answer (askModel), asked again once when it was not usable. With a budget, the
 * first attempt asks for the purpose's measured cap (answer-caps.ts) and a cut answer is asked
 * again with twice the budget; a malformed one (not JSON, or JSON the schema refuses) is asked
 * again as it was. A second unusable answer, or a request the API refused, is returned as a
 * failure for the caller to record, never as an empty answer passed off as "nothing found".
 * Without a budget the purpose's own cap applies (processing/model.ts). Other errors (rate
 * limits, outages) are thrown.
 */
export const askWithRetry = async <S extends z.ZodType>(
  call: ModelCaller,
  purpose: ModelPurpose,
  messages: ChatMessage[],
  output: StructuredOutput<S>,
  budget?: number,
): Promise<{ answer?: z.output<S>; tokens: number; failure?: Failure }> => {
  let tokens = 0;
  const caps = budget === undefined ? undefined : structuredCaps(purpose, budget);
  let maxTokens = caps?.first;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { answer, tokens: used } = await askModel(call, purpose, messages, output, maxTokens === undefined ? undefined : { maxTokens });
      return { answer, tokens: tokens + used };
    } catch (error) {
      if (error instanceof AiInvalidOutput) tokens += error.tokens;
      if (retryable(error) && attempt === 1) {
        if (error instanceof AiOutputTruncated && caps) maxTokens = caps.retry;
        logger.warn('model answer not usable; asked again', { purpose, reason: errorMessage(error) });
        continue;
      }
      if (retryable(error) || error instanceof OpenAIRequestRejected) {
        logger.warn('model answer not usable', { purpose, reason: errorMessage(error) });
        return { tokens, failure: { purpose, message: errorMessage(error).slice(0, 300), at: new Date().toISOString() } };
      }
      throw error;
    }
  }
};
