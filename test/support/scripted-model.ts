/** A scripted model for tests: answers (or errors) in order, the last one repeated. Test support. */
import type { ModelCaller } from '../../functions/lib/ai/model-caller';

export type AskedCall = { purpose: string; prompt: string; schemaName?: string; maxTokens?: number };

export const TOKENS_PER_ANSWER = 10;

export const scriptedModel = (...answers: unknown[]) => {
  const asked: AskedCall[] = [];
  const call: ModelCaller = async (purpose, messages, jsonSchema, options) => {
    asked.push({
      purpose,
      prompt: messages.map((m) => m.content).join('\n'),
      ...(jsonSchema ? { schemaName: jsonSchema.name } : {}),
      ...(options?.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    });
    const next = answers[Math.min(asked.length, answers.length) - 1];
    if (next instanceof Error) throw next;
    return { content: JSON.stringify(next), json: next, tokens: TOKENS_PER_ANSWER };
  };
  return { call, asked };
};
