import { APIConnectionError, APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { OpenAIKeyInvalid, OpenAIQuotaExceeded, OpenAIRateLimited, OpenAIUnavailable, toOpenAIError, isRetryableOpenAI, describeOpenAIFailure } from './errors';
import { buildChatParams, completionBudget, isReasoningModel } from './openai';

const apiError = (status: number, code: string | null, type: string, headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: { message: 'x', code, type, param: null } }, 'x', new Headers(headers));

describe('chat parameters', () => {
  it('knows which models reason', () => {
    expect(['gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'o4-mini'].every(isReasoningModel)).toBe(true);
    expect(['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o'].some(isReasoningModel)).toBe(false);
  });

  it('sends temperature to gpt-4.1 and reasoning_effort (no temperature) to gpt-5', () => {
    const messages = [{ role: 'user' as const, content: 'hi' }];
    expect(buildChatParams({ apiKey: 'k', model: 'gpt-4.1-mini', temperature: 0.3, maxTokens: 8000, messages })).toEqual({
      model: 'gpt-4.1-mini',
      messages,
      max_completion_tokens: 8000,
      temperature: 0.3,
    });
    expect(buildChatParams({ apiKey: 'k', model: 'gpt-5-nano', temperature: 0.3, maxTokens: 100, messages, reasoningEffort: 'low' })).toEqual({
      model: 'gpt-5-nano',
      messages,
      max_completion_tokens: 100,
      reasoning_effort: 'low',
    });
  });

  it('follows the family table: max_tokens for legacy models, the effort each family accepts, no temperature for reasoning', () => {
    const messages = [{ role: 'user' as const, content: 'hi' }];
    expect(buildChatParams({ apiKey: 'k', model: 'gpt-3.5-turbo', temperature: 0.2, maxTokens: 50, messages })).toEqual({ model: 'gpt-3.5-turbo', messages, max_tokens: 50, temperature: 0.2 });
    // gpt-5 takes 'minimal'; gpt-5.1 and later take 'none' instead; the o-series starts at 'low'
    expect(buildChatParams({ apiKey: 'k', model: 'gpt-5-nano', temperature: 0.3, maxTokens: 100, messages })).toMatchObject({ reasoning_effort: 'minimal' });
    expect(buildChatParams({ apiKey: 'k', model: 'gpt-5.4-nano', temperature: 0.3, maxTokens: 100, messages })).toEqual({ model: 'gpt-5.4-nano', messages, max_completion_tokens: 100, reasoning_effort: 'none' });
    expect(buildChatParams({ apiKey: 'k', model: 'gpt-5.4-nano', maxTokens: 100, messages, reasoningEffort: 'minimal' })).toMatchObject({ reasoning_effort: 'none' });
    expect(buildChatParams({ apiKey: 'k', model: 'o4-mini', temperature: 0.3, maxTokens: 100, messages })).toEqual({ model: 'o4-mini', messages, max_completion_tokens: 100, reasoning_effort: 'low' });
  });

  it('sizes budgets so reasoning does not eat the answer', () => {
    expect(completionBudget('gpt-4.1-mini', 100)).toBe(100);
    expect(completionBudget('gpt-5-nano', 100)).toBe(100);
    expect(completionBudget('o4-mini', 100)).toBe(1124);
    expect(completionBudget('gpt-5-nano', 100, 'medium')).toBe(4196);
  });

  it('asks for strict structured output', () => {
    const schema = { type: 'object' };
    expect(buildChatParams({ apiKey: 'k', model: 'gpt-4.1', messages: [], jsonSchema: { name: 'dates', schema } }).response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'dates', schema, strict: true },
    });
  });
});

describe('OpenAI error mapping', () => {
  it('separates quota from rate limit although both are 429', () => {
    const quota = apiError(429, 'insufficient_quota', 'insufficient_quota');
    expect(isRetryableOpenAI(describeOpenAIFailure(quota))).toBe(false);
    expect(toOpenAIError(quota)).toBeInstanceOf(OpenAIQuotaExceeded);
    const limited = apiError(429, 'rate_limit_exceeded', 'requests', { 'retry-after-ms': '1500' });
    expect(isRetryableOpenAI(describeOpenAIFailure(limited))).toBe(true);
    const mapped = toOpenAIError(limited) as OpenAIRateLimited;
    expect(mapped).toBeInstanceOf(OpenAIRateLimited);
    expect(mapped.retryAfterMs).toBe(1500);
    expect(mapped.name).toBe('RateLimited');
  });

  it('maps auth, outage and network failures, never to HTTP 401', () => {
    const invalid = toOpenAIError(apiError(401, 'invalid_api_key', 'invalid_request_error'));
    expect(invalid).toBeInstanceOf(OpenAIKeyInvalid);
    expect((invalid as OpenAIKeyInvalid).status).toBe(400);
    expect(toOpenAIError(apiError(502, null, 'server_error'))).toMatchObject({ name: 'UpstreamError', message: 'OpenAI service issue. Please try again later.' });
    const offline = toOpenAIError(new APIConnectionError({ message: 'Connection error.' }));
    expect(offline).toBeInstanceOf(OpenAIUnavailable);
    expect(offline.message).toBe('Connection failed. Please check your internet and try again.');
  });
});
