import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { withRetry, type RetryPolicy } from '../google/retry';
import { logger } from '../logger';
import { openAIBaseURL } from './key-check';

// Key validation lives in key-check.ts (no SDK); re-exported so callers have one AI module.
export { validateOpenAIKey, type KeyValidation } from './key-check';
import {
  AiInvalidOutput,
  AiOutputTruncated,
  describeOpenAIFailure,
  isRetryableOpenAI,
  toOpenAIError,
} from './errors';

/**
 * OpenAI through the official SDK. `OPENAI_BASE_URL` points it at the local emulator; unset,
 * it talks to https://api.openai.com/v1. The SDK's own retries are off (maxRetries 0) so our
 * single, deadline-bounded policy decides. The key is passed per call and never logged.
 */
export type OpenAIDeps = {
  baseURL?: string;
  /** Contract tests see (or answer) the request here. */
  fetch?: typeof fetch;
  timeoutMs?: number;
};


export const createOpenAIClient = (apiKey: string, deps: OpenAIDeps = {}): OpenAI =>
  new OpenAI({
    apiKey,
    baseURL: deps.baseURL ?? openAIBaseURL() ?? 'https://api.openai.com/v1',
    maxRetries: 0,
    timeout: deps.timeoutMs ?? 120_000,
    logLevel: 'off',
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });



/** Model ids the key can use. Free and fast: the key check uses it. Throws the typed errors. */
export const listModels = async (apiKey: string, deps: OpenAIDeps = {}): Promise<string[]> => {
  try {
    const ids: string[] = [];
    for await (const model of createOpenAIClient(apiKey.trim(), { timeoutMs: 15_000, ...deps }).models.list()) ids.push(model.id);
    return ids;
  } catch (error) {
    throw toOpenAIError(error);
  }
};

/** Lists models to prove the key authenticates; answers the spec's message for each failure. */

/** gpt-5 and the o-series reason: they take max_completion_tokens and only the default temperature. */
export const isReasoningModel = (model: string): boolean => /^(gpt-5|o\d)/.test(model);

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type ChatRequest = {
  apiKey: string;
  model: string;
  temperature?: number;
  maxTokens?: number;
  messages: ChatMessage[];
  /** Structured output: the answer is JSON valid against this schema (strict mode). */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  /**
   * Reasoning models spend hidden tokens from the same budget before answering; the product's
   * small budgets (100 tokens for a message summary) would come back empty at the default
   * effort, so 'minimal' is the default here.
   */
  reasoningEffort?: 'minimal' | 'low' | 'medium' | 'high';
  retry?: Partial<RetryPolicy>;
};

export type ChatUsage = { promptTokens: number; completionTokens: number; totalTokens: number; reasoningTokens: number };

export type ChatResult = {
  content: string;
  /** Parsed JSON when jsonSchema was given. */
  json?: unknown;
  finishReason: string;
  usage: ChatUsage;
  model: string;
};

export const buildChatParams = (req: ChatRequest): ChatCompletionCreateParamsNonStreaming => {
  const reasoning = isReasoningModel(req.model);
  return {
    model: req.model,
    messages: req.messages,
    // max_completion_tokens is accepted by every current model; max_tokens is refused by reasoning models.
    ...(req.maxTokens !== undefined ? { max_completion_tokens: req.maxTokens } : {}),
    ...(reasoning ? { reasoning_effort: req.reasoningEffort ?? 'minimal' } : req.temperature !== undefined ? { temperature: req.temperature } : {}),
    ...(req.jsonSchema
      ? { response_format: { type: 'json_schema' as const, json_schema: { name: req.jsonSchema.name, schema: req.jsonSchema.schema, strict: true } } }
      : {}),
  };
};

const requestTimeout = (retry: Partial<RetryPolicy> | undefined): { timeout?: number } => {
  if (!retry?.remainingMs) return {};
  return { timeout: Math.max(1_000, retry.remainingMs() - (retry.reserveMs ?? 5_000)) };
};

export const chatCompletion = async (req: ChatRequest, deps: OpenAIDeps = {}): Promise<ChatResult> => {
  const client = createOpenAIClient(req.apiKey, deps);
  const params = buildChatParams(req);
  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    completion = await withRetry(
      // A long summary may take a minute; never let one request outlive the invocation.
      () => client.chat.completions.create(params, requestTimeout(req.retry)),
      {
        classify: (error) => {
          const f = describeOpenAIFailure(error);
          return { retry: isRetryableOpenAI(f), retryAfterMs: f.retryAfterMs };
        },
        onRetry: ({ attempt, delayMs, error }) => {
          const f = describeOpenAIFailure(error);
          logger.warn('openai call retried', { model: req.model, status: f.status, code: f.code, network: f.network, attempt: attempt + 1, delayMs });
        },
      },
      req.retry,
    );
  } catch (error) {
    throw toOpenAIError(error);
  }
  const choice = completion.choices[0];
  if (!choice) throw new AiInvalidOutput('no choices');
  if (choice.message.refusal) throw new AiInvalidOutput('the model refused');
  const content = choice.message.content ?? '';
  const usage: ChatUsage = {
    promptTokens: completion.usage?.prompt_tokens ?? 0,
    completionTokens: completion.usage?.completion_tokens ?? 0,
    totalTokens: completion.usage?.total_tokens ?? 0,
    reasoningTokens: completion.usage?.completion_tokens_details?.reasoning_tokens ?? 0,
  };
  const result: ChatResult = { content, finishReason: choice.finish_reason, usage, model: completion.model };
  if (!req.jsonSchema) {
    // Text cut at the limit is still a usable summary; an empty one is not.
    if (choice.finish_reason === 'length' && content.trim() === '') throw new AiOutputTruncated(req.model);
    return result;
  }
  // Truncated JSON is invalid JSON: say so rather than a parse error.
  if (choice.finish_reason === 'length') throw new AiOutputTruncated(req.model);
  try {
    return { ...result, json: JSON.parse(content) };
  } catch {
    throw new AiInvalidOutput('the answer was not JSON');
  }
};
