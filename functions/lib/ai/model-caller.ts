import type { ModelPurpose } from '../../../shared/constants';
import type { ChatMessage } from './openai';

/**
 * One model call for one purpose: what the readers of a thread (conversations/) and the campaign
 * aggregation ask of a model. Declared here, beside the OpenAI client, so they depend on the AI
 * layer rather than on processing/, which builds the real caller (processing/model.ts: the agency's
 * settings, the shared rate budget, retired-model replacement). Tokens are counted by the caller
 * from `tokens` (the bench and the job item report them).
 */
export type ModelCaller = (
  purpose: ModelPurpose,
  messages: ChatMessage[],
  jsonSchema?: { name: string; schema: Record<string, unknown> },
  options?: { maxTokens?: number },
) => Promise<{ content: string; json?: unknown; tokens: number }>;
