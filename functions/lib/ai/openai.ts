import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { WaitTooLong } from '../limits/token-bucket';
import { withRetry, type RetryPolicy } from '../google/retry';
import type { OpenAILimiter } from '../limits/openai-limits';
import { admissionWeight, estimatePromptTokens } from './tokens';
import { logger } from '../logger';
import { countMetric } from '../observability/metrics';
import { openAIBaseURL } from './key-check';
import { isReasoningFamily, modelFamily, type ReasoningEffort } from '../../../shared/model-catalog';

// Key validation lives in key-check.ts (no SDK); re-exported so callers have one AI module.
export { listModels, validateOpenAIKey } from './key-check';
import {
  AiInvalidOutput,
  AiOutputTruncated,
  describeOpenAIFailure,
  isRetryableOpenAI,
  OpenAIRateLimited,
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
    baseURL: openAIBaseURL(deps.baseURL),
    maxRetries: 0,
    timeout: deps.timeoutMs ?? 120_000,
    logLevel: 'off',
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });




/** Lists models to prove the key authenticates; answers the spec's message for each failure. */

/** Reasoning families (gpt-5, the o-series) take max_completion_tokens and only the default temperature. */
export const isReasoningModel = (model: string): boolean => isReasoningFamily(modelFamily(model)) || /^(gpt-5|o\d)/.test(model);

/**
 * Hidden reasoning tokens come out of the same max_completion_tokens budget: at efforts above
 * 'minimal'/'none' the product adds this much on top of the answer's own budget, so a
 * 100-token summary is not spent thinking and returned empty.
 */
export const REASONING_ALLOWANCE: Record<ReasoningEffort, number> = { none: 0, minimal: 0, low: 1024, medium: 4096, high: 16_384, xhigh: 32_768 };
const MAX_BUDGET = 64_000;

export const completionBudget = (model: string, answerTokens: number, effort?: ReasoningEffort): number => {
  const family = modelFamily(model);
  if (!isReasoningFamily(family)) return answerTokens;
  const used = (effort && family?.efforts.includes(effort) ? effort : undefined) ?? family?.effort ?? 'medium';
  return Math.min(MAX_BUDGET, answerTokens + REASONING_ALLOWANCE[used]);
};

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
  reasoningEffort?: ReasoningEffort;
  retry?: Partial<RetryPolicy>;
  /**
   * The key's shared requests/tokens budget for the model: every attempt is admitted first
   * (admissionTokens), and a 429 rate_limit_exceeded holds back every process.
   */
  limiter?: OpenAILimiter;
};

/** A request without a cap counts as this many answer tokens (the product always sets one). */
const UNCAPPED_ADMISSION = 16_384;

/** What a request counts for against its model's tokens per minute at admission (tokens.ts: admissionWeight). */
export const admissionTokens = (req: Pick<ChatRequest, 'messages' | 'jsonSchema' | 'maxTokens'>): number =>
  admissionWeight(estimatePromptTokens(req.messages, req.jsonSchema), req.maxTokens ?? UNCAPPED_ADMISSION);

export type ChatUsage = { promptTokens: number; completionTokens: number; totalTokens: number; reasoningTokens: number };

export type ChatResult = {
  content: string;
  /** Parsed JSON when jsonSchema was given. */
  json?: unknown;
  finishReason: string;
  usage: ChatUsage;
  model: string;
};

/** The request's parameters as the model's family takes them (one capability table: shared/model-catalog.ts). */
export const buildChatParams = (req: ChatRequest): ChatCompletionCreateParamsNonStreaming => {
  const family = modelFamily(req.model);
  const reasoning = family ? isReasoningFamily(family) : isReasoningModel(req.model);
  // An unknown id (an OpenAI-compatible endpoint's model) is sent as the newest API expects.
  const tokenParam = family?.tokenParam ?? 'max_completion_tokens';
  const wanted = req.reasoningEffort && family?.efforts.includes(req.reasoningEffort) ? req.reasoningEffort : undefined;
  const effort = reasoning ? (wanted ?? family?.effort ?? 'minimal') : undefined;
  const temperatureAllowed = family ? family.temperature : !reasoning;
  return {
    model: req.model,
    messages: req.messages,
    ...(req.maxTokens !== undefined ? { [tokenParam]: req.maxTokens } : {}),
    ...(effort ? { reasoning_effort: effort } : {}),
    ...(temperatureAllowed && req.temperature !== undefined ? { temperature: req.temperature } : {}),
    ...(req.jsonSchema
      ? { response_format: { type: 'json_schema' as const, json_schema: { name: req.jsonSchema.name, schema: req.jsonSchema.schema, strict: true } } }
      : {}),
  };
};

const requestTimeout = (retry: Partial<RetryPolicy> | undefined): { timeout?: number } => {
  if (!retry?.remainingMs) return {};
  return { timeout: Math.max(1_000, retry.remainingMs() - (retry.reserveMs ?? 5_000)) };
};

/**
 * One chat completion. The budget is sized for the family (reasoning allowance added); an
 * answer cut at the limit before it said anything (empty) is asked once more with a larger one.
 */
export const chatCompletion = async (req: ChatRequest, deps: OpenAIDeps = {}): Promise<ChatResult> => {
  const sized = req.maxTokens === undefined ? req : { ...req, maxTokens: completionBudget(req.model, req.maxTokens, req.reasoningEffort) };
  try {
    return await chatCompletionOnce(sized, deps);
  } catch (error) {
    // Only a reasoning model's empty answer (the budget spent thinking) is asked again here; a cut but non-empty
    // answer is the caller's to judge (analyse.ts doubles a cut structured answer's budget).
    if (!(error instanceof AiOutputTruncated) || !error.empty || !isReasoningModel(req.model) || sized.maxTokens === undefined || sized.maxTokens >= MAX_BUDGET) throw error;
    const larger = Math.min(MAX_BUDGET, Math.max(sized.maxTokens * 4, sized.maxTokens + 2048));
    logger.warn('openai answer cut at its token limit; asked again with a larger budget', { model: req.model, maxTokens: sized.maxTokens, retryWith: larger });
    return chatCompletionOnce({ ...sized, maxTokens: larger }, deps);
  }
};

const chatCompletionOnce = async (req: ChatRequest, deps: OpenAIDeps = {}): Promise<ChatResult> => {
  const client = createOpenAIClient(req.apiKey, deps);
  const params = buildChatParams(req);
  const admission = admissionTokens(req);
  const maxWait = () => (req.retry?.remainingMs ? Math.max(0, req.retry.remainingMs() - (req.retry.reserveMs ?? 5_000)) : Infinity);
  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    completion = await withRetry(
      // A long summary may take a minute; never let one request outlive the invocation.
      async () => {
        await req.limiter?.admit(req.apiKey, req.model, admission, maxWait());
        return client.chat.completions.create(params, requestTimeout(req.retry));
      },
      {
        classify: (error) => {
          const f = describeOpenAIFailure(error);
          return { retry: isRetryableOpenAI(f), retryAfterMs: f.retryAfterMs };
        },
        onRetry: ({ attempt, delayMs, error }) => {
          const f = describeOpenAIFailure(error);
          if (f.status === 429 && f.code === 'rate_limit_exceeded') req.limiter?.penalize(req.apiKey, req.model, delayMs);
          logger.warn('openai call retried', { model: req.model, status: f.status, code: f.code, network: f.network, attempt: attempt + 1, delayMs });
        },
      },
      req.retry,
    );
  } catch (error) {
    // The shared budget would make us wait past the invocation: a rate limit, retried later.
    if (error instanceof WaitTooLong) throw new OpenAIRateLimited(error.waitMs);
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
  countMetric('ModelTokensUsed', usage.totalTokens);
  const result: ChatResult = { content, finishReason: choice.finish_reason, usage, model: completion.model };
  if (!req.jsonSchema) {
    // Text cut at the limit is still a usable summary; an empty one is not.
    if (choice.finish_reason === 'length' && content.trim() === '') throw new AiOutputTruncated(req.model, true);
    return result;
  }
  // Truncated JSON is invalid JSON: say so rather than a parse error.
  if (choice.finish_reason === 'length') throw new AiOutputTruncated(req.model, content.trim() === '');
  try {
    return { ...result, json: JSON.parse(content) };
  } catch {
    throw new AiInvalidOutput('the answer was not JSON');
  }
};
