import type { ModelPurpose } from '../../../shared/constants';
import { chatCompletion, type ChatMessage, type ChatResult } from '../ai/openai';
import type { Settings } from '../settings/store';

/**
 * One model call for one purpose, with the agency's model/temperature/max_tokens for it.
 * Tokens are counted by the caller from `usage` (the bench and the job item report them).
 */
export type ModelCaller = <T = unknown>(
  purpose: ModelPurpose,
  messages: ChatMessage[],
  jsonSchema?: { name: string; schema: Record<string, unknown> },
  options?: { maxTokens?: number },
) => Promise<{ content: string; json?: T; tokens: number }>;

export const modelCaller = (apiKey: string, settings: Settings, remainingMs?: () => number): ModelCaller =>
  async (purpose, messages, jsonSchema, options) => {
    const config = settings.model_config[purpose];
    const result: ChatResult = await chatCompletion({
      apiKey,
      model: config.model,
      temperature: config.temperature,
      maxTokens: options?.maxTokens ?? config.max_tokens,
      messages,
      ...(jsonSchema ? { jsonSchema } : {}),
      ...(remainingMs ? { retry: { remainingMs } } : {}),
    });
    return { content: result.content, json: result.json as never, tokens: result.usage.totalTokens };
  };
