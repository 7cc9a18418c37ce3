import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AiInvalidOutput, AiOutputTruncated, OpenAIRateLimited, OpenAIRequestRejected } from './errors';
import { numberOrNumericText, structuredOutput } from './json-schema';
import { ANSWER_CAPS } from './answer-caps';
import { askModel, askWithRetry } from './structured-answer';
import { scriptedModel, TOKENS_PER_ANSWER } from '../../../test/support/scripted-model';

const PROBE = structuredOutput('probe', z.object({ amount: numberOrNumericText(z.number()), note: z.string() }));
const ask = [{ role: 'user' as const, content: 'probe' }];

describe('askModel: the answer parsed with the schema it was asked for', () => {
  it('sends the schema as the structured-output format and returns the parsed answer', async () => {
    const model = scriptedModel({ amount: 1500, note: 'ok' });
    const { answer, tokens } = await askModel(model.call, 'thread_summary', ask, PROBE);
    expect(answer).toEqual({ amount: 1500, note: 'ok' });
    expect(tokens).toBe(TOKENS_PER_ANSWER);
    expect(model.asked[0]?.schemaName).toBe('probe');
  });

  it('reads a number sent as clean numeric text ("1500") as that number', async () => {
    const { answer } = await askModel(scriptedModel({ amount: '1500', note: '' }).call, 'thread_summary', ask, PROBE);
    expect(answer.amount).toBe(1500);
  });

  it.each([
    ['a missing field', { amount: 1 }, 'note'],
    ['a number as loose text', { amount: '1,500', note: '' }, 'amount'],
    ['a wrong type', { amount: 1, note: 3 }, 'note'],
    ['no JSON at all', undefined, '(answer)'],
  ])('%s is an AiInvalidOutput naming the issue', async (_what, json, path) => {
    const failed = askModel(scriptedModel(json).call, 'thread_summary', ask, PROBE);
    await expect(failed).rejects.toBeInstanceOf(AiInvalidOutput);
    await expect(failed).rejects.toThrow(path);
  });
});

describe('askWithRetry: asked again once, then a recorded failure', () => {
  it('a malformed answer is asked again once and the second answer used', async () => {
    const model = scriptedModel({ amount: 'lots', note: '' }, { amount: 2, note: 'ok' });
    const result = await askWithRetry(model.call, 'thread_summary', ask, PROBE, 800);
    expect(result.answer).toEqual({ amount: 2, note: 'ok' });
    expect(result.failure).toBeUndefined();
    // the purpose's measured cap both times: a malformed answer is not a short one
    expect(model.asked.map((a) => a.maxTokens)).toEqual([ANSWER_CAPS.thread_summary, ANSWER_CAPS.thread_summary]);
    // both answers cost tokens
    expect(result.tokens).toBe(2 * TOKENS_PER_ANSWER);
  });

  it('two malformed answers: a failure naming the schema issue, no answer, no third call', async () => {
    const model = scriptedModel({ note: 'x' });
    const result = await askWithRetry(model.call, 'date_validation', ask, PROBE, 800);
    expect(model.asked).toHaveLength(2);
    expect(result.answer).toBeUndefined();
    expect(result.failure).toMatchObject({ purpose: 'date_validation', message: expect.stringContaining('did not match probe') });
    expect(result.failure?.message).toContain('amount');
  });

  it('an answer that was not JSON, twice, is a failure too', async () => {
    const model = scriptedModel(new AiInvalidOutput('the answer was not JSON'));
    const result = await askWithRetry(model.call, 'thread_summary', ask, PROBE);
    expect(model.asked).toHaveLength(2);
    expect(result.failure?.message).toContain('not JSON');
  });

  it("asks first for the purpose's measured cap, and a cut answer again with twice the budget", async () => {
    const model = scriptedModel(new AiOutputTruncated('gpt-5-nano'), { amount: 1, note: '' });
    const result = await askWithRetry(model.call, 'individual_message_summary', ask, PROBE, 800);
    expect(ANSWER_CAPS.individual_message_summary).toBeLessThan(800);
    expect(model.asked.map((a) => a.maxTokens)).toEqual([ANSWER_CAPS.individual_message_summary, 1_600]);
    expect(result.answer?.amount).toBe(1);
  });

  it('a budget under the measured cap is asked as given, and a cut answer again with twice it', async () => {
    const model = scriptedModel(new AiOutputTruncated('gpt-5-nano'), { amount: 1, note: '' });
    await askWithRetry(model.call, 'individual_message_summary', ask, PROBE, 100);
    expect(model.asked.map((a) => a.maxTokens)).toEqual([100, 200]);
  });

  it('a refused request is a failure at once; a rate limit is thrown for the state machine to retry', async () => {
    const refused = scriptedModel(new OpenAIRequestRejected('context_length_exceeded', 400));
    expect((await askWithRetry(refused.call, 'thread_summary', ask, PROBE)).failure).toBeDefined();
    expect(refused.asked).toHaveLength(1);
    const limited = new OpenAIRateLimited(1000);
    await expect(askWithRetry(scriptedModel(limited).call, 'thread_summary', ask, PROBE)).rejects.toBe(limited);
  });
});
