import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_DEFAULTS } from '../../../shared/constants';
import { LOCAL_OPENAI_KEY } from '../../../test/emulators/openai/keys';
import { startOpenAIEmulator, type OpenAIEmulator } from '../../../test/emulators/openai/server';
import * as z from 'zod';
import { structuredOutput } from '../ai/json-schema';
import { chatCompletion } from '../ai/openai';
import { askModel } from '../ai/structured-answer';
import type { ModelWarning } from '../settings/model-state';
import type { Settings } from '../settings/store';
import { estimatePromptTokens } from '../ai/tokens';
import type { OpenAILimiter } from '../limits/openai-limits';
import { modelCaller } from './model';
import { ANSWER_CAPS } from '../ai/answer-caps';

const AFTER = Date.parse('2026-12-12T09:00:00Z');
const BEFORE = Date.parse('2026-12-01T09:00:00Z');
const settings = { model_config: structuredClone(MODEL_DEFAULTS) } as unknown as Settings;
const ask = [{ role: 'user' as const, content: 'Subject: Reel\nHi, my fee is $1,200 for one reel on 2026-05-02.' }];

let emu: OpenAIEmulator;
const previousBase = process.env.OPENAI_BASE_URL;
beforeAll(async () => {
  emu = await startOpenAIEmulator({ now: AFTER });
  process.env.OPENAI_BASE_URL = emu.url;
});
afterAll(async () => {
  if (previousBase === undefined) delete process.env.OPENAI_BASE_URL;
  else process.env.OPENAI_BASE_URL = previousBase;
  await emu.close();
});

const chatModels = (from: number) => emu.log.slice(from).filter((e) => e.path === '/v1/chat/completions').map((e) => `${e.model}:${e.status}`);

describe('model caller: models that retire', () => {
  it('sends a call for a model past its shutdown (product clock) to the successor at once', async () => {
    const warnings: Omit<ModelWarning, 'since'>[] = [];
    const call = modelCaller(LOCAL_OPENAI_KEY, settings, undefined, { now: () => AFTER, onReplaced: (w) => void warnings.push(w) });
    const from = emu.log.length;
    const answer = await call('individual_message_summary', ask);
    expect(answer.content.length).toBeGreaterThan(0);
    expect(chatModels(from)).toEqual(['gpt-6-luna:200']);
    expect(warnings).toEqual([{ purpose: 'individual_message_summary', old_model: 'gpt-5-nano', new_model: 'gpt-6-luna', reason: 'retired' }]);
  });

  it('moves a call answered 404 model_not_found to the successor, once per caller', async () => {
    const warnings: Omit<ModelWarning, 'since'>[] = [];
    const call = modelCaller(LOCAL_OPENAI_KEY, settings, undefined, { now: () => BEFORE, onReplaced: (w) => void warnings.push(w) });
    const from = emu.log.length;
    await call('campaign_aggregation', ask);
    await call('campaign_aggregation', ask);
    expect(chatModels(from)).toEqual(['gpt-5-nano:404', 'gpt-6-luna:200', 'gpt-6-luna:200']);
    expect(warnings).toEqual([{ purpose: 'campaign_aggregation', old_model: 'gpt-5-nano', new_model: 'gpt-6-luna', reason: 'not_found' }]);
  });

  it("decides by the shutdown date the key's model list gives, before the product's table", async () => {
    // The list moves gpt-4.1-mini's shutdown before the table's 2027-01-14.
    const warnings: Omit<ModelWarning, 'since'>[] = [];
    const call = modelCaller(LOCAL_OPENAI_KEY, settings, undefined, { now: () => AFTER, shutdowns: { 'gpt-4.1-mini': '2026-12-01', 'gpt-6-luna': null }, onReplaced: (w) => void warnings.push(w) });
    const from = emu.log.length;
    await call('thread_summary', ask);
    expect(chatModels(from)).toEqual(['gpt-6-luna:200']);
    expect(warnings).toEqual([{ purpose: 'thread_summary', old_model: 'gpt-4.1-mini', new_model: 'gpt-6-luna', reason: 'retired' }]);
  });

  it('leaves live models alone', async () => {
    const warnings: unknown[] = [];
    const call = modelCaller(LOCAL_OPENAI_KEY, settings, undefined, { now: () => AFTER, onReplaced: (w) => void warnings.push(w) });
    const from = emu.log.length;
    await call('thread_summary', ask);
    expect(chatModels(from)).toEqual(['gpt-4.1-mini:200']);
    expect(warnings).toEqual([]);
  });
});

describe('chat completion budget', () => {
  it('asks once more with a larger budget when a reasoning answer comes back empty at the limit', async () => {
    const budgets: number[] = [];
    const fake: typeof fetch = async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { max_completion_tokens: number };
      budgets.push(body.max_completion_tokens);
      const empty = budgets.length === 1;
      return new Response(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 0,
          model: 'gpt-5.4-nano',
          choices: [{ index: 0, message: { role: 'assistant', content: empty ? '' : 'A summary.', refusal: null }, finish_reason: empty ? 'length' : 'stop', logprobs: null }],
          usage: { prompt_tokens: 10, completion_tokens: 100, total_tokens: 110, completion_tokens_details: { reasoning_tokens: empty ? 100 : 20 } },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    };
    const result = await chatCompletion({ apiKey: LOCAL_OPENAI_KEY, model: 'gpt-5.4-nano', maxTokens: 100, messages: ask }, { fetch: fake, baseURL: 'http://fake.invalid/v1' });
    expect(result.content).toBe('A summary.');
    expect(budgets).toEqual([100, 2148]);
  });
});

describe('model caller: caps sized to the purpose, admitted to the shared budget', () => {
  const sentCaps = (from: number) =>
    emu.log
      .slice(from)
      .filter((e) => e.path === '/v1/chat/completions')
      .map((e) => {
        const body = e.body as { max_completion_tokens?: number; max_tokens?: number };
        return body.max_completion_tokens ?? body.max_tokens;
      });
  const recording = () => {
    const admitted: number[] = [];
    const limiter: OpenAILimiter = { limits: { tier: 1, requestsPerMinute: 500, tokensPerMinute: 200_000 }, admit: async (_key, _model, tokens) => void admitted.push(tokens), penalize: () => {} };
    return { limiter, admitted };
  };
  const custom = (purpose: keyof typeof MODEL_DEFAULTS, maxTokens: number) => {
    const s = structuredClone(settings);
    s.model_config[purpose] = { ...s.model_config[purpose], model: 'gpt-4.1-mini', max_tokens: maxTokens };
    return s;
  };

  it("asks for the purpose's cap, not the setting's, and admits the larger of prompt estimate and that cap", async () => {
    const { limiter, admitted } = recording();
    const call = modelCaller(LOCAL_OPENAI_KEY, custom('thread_summary', 8000), undefined, { now: () => AFTER, limiter });
    const from = emu.log.length;
    const answer = await call('thread_summary', ask);
    expect(answer.content.length).toBeGreaterThan(0);
    expect(sentCaps(from)).toEqual([ANSWER_CAPS.thread_summary]);
    expect(admitted).toEqual([Math.max(estimatePromptTokens(ask), ANSWER_CAPS.thread_summary)]);
  });

  it('never asks above the setting', async () => {
    const { limiter } = recording();
    const call = modelCaller(LOCAL_OPENAI_KEY, custom('thread_summary', 200), undefined, { now: () => AFTER, limiter });
    const from = emu.log.length;
    await call('thread_summary', ask);
    expect(sentCaps(from)).toEqual([200]);
  });

  it("retries an answer cut at the purpose's cap once with the setting's full cap (text and JSON)", async () => {
    const { limiter } = recording();
    const call = modelCaller(LOCAL_OPENAI_KEY, custom('thread_summary', 2000), undefined, { now: () => AFTER, limiter, answerTokens: { thread_summary: 3 } });
    let from = emu.log.length;
    const text = await call('thread_summary', ask);
    expect(sentCaps(from)).toEqual([3, 2000]);
    expect(text.content.length).toBeGreaterThan(12);

    from = emu.log.length;
    const json = await askModel(call, 'thread_summary', ask, structuredOutput('summary', z.object({ summary: z.string() })));
    expect(sentCaps(from)).toEqual([3, 2000]);
    expect(json.answer.summary.length).toBeGreaterThan(0);
  });

  it("sends a caller's own cap as given (the caller sized it and retries itself)", async () => {
    const { limiter } = recording();
    const call = modelCaller(LOCAL_OPENAI_KEY, custom('individual_message_summary', 100), undefined, { now: () => AFTER, limiter });
    const from = emu.log.length;
    await call('individual_message_summary', ask, undefined, { maxTokens: 800 });
    expect(sentCaps(from)).toEqual([800]);
  });

  it('does not retry a cut answer when the cap already was the full one', async () => {
    const { limiter } = recording();
    const call = modelCaller(LOCAL_OPENAI_KEY, custom('thread_summary', 3), undefined, { now: () => AFTER, limiter });
    const from = emu.log.length;
    await call('thread_summary', ask);
    expect(sentCaps(from)).toEqual([3]);
  });
});
