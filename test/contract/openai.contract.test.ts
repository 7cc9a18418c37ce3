import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AiOutputTruncated, OpenAIQuotaExceeded, OpenAIRateLimited, OpenAIRequestRejected } from '../../functions/lib/ai/errors';
import { chatCompletion, listModels, validateOpenAIKey } from '../../functions/lib/ai/openai';
import { LOCAL_OPENAI_KEY, startOpenAIEmulator, type OpenAIEmulator } from '../emulators/openai/server';

/**
 * The OpenAI adapter against the emulator (request bodies read back from its log) and against
 * the real API's address with a fetch that answers without sending.
 */
let emu: OpenAIEmulator;
beforeAll(async () => {
  emu = await startOpenAIEmulator();
});
afterAll(() => emu.close());
afterEach(() => {
  emu.faults.clear();
  emu.log.length = 0;
  emu.setKeyState(LOCAL_OPENAI_KEY, 'ok');
});

const deps = () => ({ baseURL: emu.url });
const noWait = { sleep: async () => {}, random: () => 0 };
const thread = [
  'From: Priya Nair <priya@creatorhouse.co>',
  'To: Alex <alex@agency.example>',
  'Subject: Summer drop collab',
  '',
  'Hi Alex, happy to do the summer drop. My fee is $3,000 for one reel and two stories, posting on 2025-07-10.',
].join('\n');

describe('validateOpenAIKey', () => {
  it('accepts the local key and maps every failure to the spec message', async () => {
    expect(await validateOpenAIKey(LOCAL_OPENAI_KEY, deps())).toEqual({ valid: true, message: 'API key is valid' });
    expect(emu.log.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models', status: 200 });
    expect(await listModels(LOCAL_OPENAI_KEY, deps())).toEqual(expect.arrayContaining(['gpt-4.1', 'gpt-4.1-mini', 'gpt-5-nano', 'gpt-5-mini', 'gpt-5']));

    expect(await validateOpenAIKey('sk-proj-unknownKey00000000000000000000000000000000000000', deps())).toEqual({
      valid: false,
      message: 'Invalid API key. Please check and try again.',
    });
    emu.setKeyState(LOCAL_OPENAI_KEY, 'quota');
    expect((await validateOpenAIKey(LOCAL_OPENAI_KEY, deps())).message).toBe('OpenAI quota exceeded. Please check your account.');
    emu.setKeyState(LOCAL_OPENAI_KEY, 'rate_limited');
    expect((await validateOpenAIKey(LOCAL_OPENAI_KEY, deps())).message).toBe('Too many requests. Please wait a moment.');
    emu.setKeyState(LOCAL_OPENAI_KEY, 'ok');
    emu.faults.set({ status: 503, rate: 1 });
    expect((await validateOpenAIKey(LOCAL_OPENAI_KEY, deps())).message).toBe('OpenAI service issue. Please try again later.');
    emu.faults.set({ status: 402, rate: 1 });
    expect((await validateOpenAIKey(LOCAL_OPENAI_KEY, deps())).message).toBe('OpenAI quota exceeded. Please check your account.');
  });

  it('reports a network failure as a connection problem', async () => {
    const closed = await startOpenAIEmulator();
    const url = closed.url;
    await closed.close();
    expect(await validateOpenAIKey(LOCAL_OPENAI_KEY, { baseURL: url })).toEqual({
      valid: false,
      message: 'Connection failed. Please check your internet and try again.',
    });
  });
});

describe('chatCompletion', () => {
  it('sends max_completion_tokens and temperature for gpt-4.1 models', async () => {
    const result = await chatCompletion(
      {
        apiKey: LOCAL_OPENAI_KEY,
        model: 'gpt-4.1-mini',
        temperature: 0.3,
        maxTokens: 8000,
        messages: [
          { role: 'system', content: 'Summarise the e-mail thread for an agency.' },
          { role: 'user', content: thread },
        ],
      },
      deps(),
    );
    const entry = emu.log.at(-1)!;
    expect(entry).toMatchObject({ method: 'POST', path: '/v1/chat/completions', model: 'gpt-4.1-mini', status: 200 });
    expect(entry.body).toEqual({
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'system', content: 'Summarise the e-mail thread for an agency.' },
        { role: 'user', content: thread },
      ],
      max_completion_tokens: 8000,
      temperature: 0.3,
    });
    expect(result.content).toContain('Summer drop collab');
    expect(result.content).toContain('Priya Nair');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.totalTokens).toBe(result.usage.promptTokens + result.usage.completionTokens);
    expect(result.usage).toEqual({
      promptTokens: entry.usage!.prompt_tokens,
      completionTokens: entry.usage!.completion_tokens,
      totalTokens: entry.usage!.total_tokens,
      reasoningTokens: 0,
    });
  });

  it('follows the reasoning-model rules for gpt-5 models, so a 100-token summary is not empty', async () => {
    const result = await chatCompletion(
      { apiKey: LOCAL_OPENAI_KEY, model: 'gpt-5-nano', temperature: 0.3, maxTokens: 100, messages: [{ role: 'user', content: thread }] },
      deps(),
    );
    expect(emu.log.at(-1)!.body).toEqual({
      model: 'gpt-5-nano',
      messages: [{ role: 'user', content: thread }],
      max_completion_tokens: 100,
      reasoning_effort: 'minimal',
    });
    expect(result.content).not.toBe('');
  });

  it('returns parsed structured output valid for the schema', async () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['dates'],
      properties: {
        dates: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['date', 'description'],
            properties: { date: { type: 'string' }, description: { type: 'string' } },
          },
        },
      },
    };
    const result = await chatCompletion(
      { apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1-mini', temperature: 0.1, maxTokens: 200, messages: [{ role: 'user', content: thread }], jsonSchema: { name: 'date_extraction', schema } },
      deps(),
    );
    expect(emu.log.at(-1)!.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { name: 'date_extraction', schema, strict: true } } });
    expect(result.json).toEqual({
      // Each date is described by the sentence it was found in.
      dates: [{ date: '2025-07-10', description: 'My fee is $3,000 for one reel and two stories, posting on 2025-07-10.' }],
    });
  });

  it('throws AiOutputTruncated when JSON is cut at the token limit', async () => {
    const schema = { type: 'object', additionalProperties: false, required: ['summary'], properties: { summary: { type: 'string' } } };
    await expect(
      chatCompletion({ apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1', maxTokens: 5, messages: [{ role: 'user', content: thread }], jsonSchema: { name: 's', schema } }, deps()),
    ).rejects.toBeInstanceOf(AiOutputTruncated);
  });

  it('retries server errors and rate limits, honouring retry-after', async () => {
    emu.faults.set({ status: 500, rate: 0.5 });
    const waits: number[] = [];
    const ok = await chatCompletion(
      { apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1-mini', messages: [{ role: 'user', content: thread }], retry: { ...noWait, sleep: async (ms) => void waits.push(ms) } },
      deps(),
    );
    expect(ok.content).toContain('Summer drop');
    expect(emu.log.map((e) => e.status)).toEqual([500, 200]);

    emu.log.length = 0;
    emu.faults.set({ status: 429, rate: 1, retryAfterSeconds: 2 });
    const rateWaits: number[] = [];
    const limited = chatCompletion(
      { apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1-mini', messages: [{ role: 'user', content: thread }], retry: { ...noWait, maxAttempts: 3, sleep: async (ms) => void rateWaits.push(ms) } },
      deps(),
    );
    await expect(limited).rejects.toBeInstanceOf(OpenAIRateLimited);
    expect(emu.log).toHaveLength(3);
    expect(rateWaits).toEqual([2_000, 2_000]);
  });

  it('never retries insufficient_quota', async () => {
    emu.setKeyState(LOCAL_OPENAI_KEY, 'quota');
    await expect(
      chatCompletion({ apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1-mini', messages: [{ role: 'user', content: thread }], retry: noWait }, deps()),
    ).rejects.toBeInstanceOf(OpenAIQuotaExceeded);
    expect(emu.log).toHaveLength(1);
  });

  it('stops retrying at the Lambda deadline', async () => {
    emu.faults.set({ status: 503, rate: 1 });
    await expect(
      chatCompletion(
        { apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1-mini', messages: [{ role: 'user', content: thread }], retry: { ...noWait, remainingMs: () => 4_000, reserveMs: 5_000 } },
        deps(),
      ),
    ).rejects.toMatchObject({ name: 'UpstreamError' });
    expect(emu.log).toHaveLength(1);
  });

  it('surfaces a refused request without retrying it', async () => {
    await expect(
      chatCompletion({ apiKey: LOCAL_OPENAI_KEY, model: 'gpt-unknown', messages: [{ role: 'user', content: 'x' }], retry: noWait }, deps()),
    ).rejects.toBeInstanceOf(OpenAIRequestRejected);
    expect(emu.log).toHaveLength(1);
  });

  it('never writes the key to the logs', async () => {
    const writes: string[] = [];
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (writes.push(String(chunk)), true)),
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (writes.push(String(chunk)), true)),
    ];
    try {
      emu.faults.set({ status: 500, rate: 0.5 });
      await chatCompletion({ apiKey: LOCAL_OPENAI_KEY, model: 'gpt-4.1-mini', messages: [{ role: 'user', content: thread }], retry: noWait }, deps());
      await validateOpenAIKey('sk-proj-unknownKey00000000000000000000000000000000000000', deps());
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
    expect(writes.join('')).toContain('openai call retried');
    expect(writes.join('')).not.toContain(LOCAL_OPENAI_KEY);
    expect(writes.join('')).not.toContain('sk-proj-unknownKey');
  });
});

describe('real OpenAI addressing', () => {
  it('targets https://api.openai.com/v1 with a bearer key when no base URL is configured', async () => {
    const seen: { url: string; auth: string | null; body: unknown }[] = [];
    const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      seen.push({ url, auth: new Headers(init?.headers).get('authorization'), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const payload = url.endsWith('/models')
        ? { object: 'list', data: [] }
        : {
            id: 'chatcmpl-x',
            object: 'chat.completion',
            created: 0,
            model: 'gpt-4.1-mini',
            choices: [{ index: 0, message: { role: 'assistant', content: 'ok', refusal: null }, finish_reason: 'stop', logprobs: null }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          };
      return new Response(JSON.stringify(payload), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const saved = process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_BASE_URL;
    try {
      await validateOpenAIKey('sk-proj-real-looking-key-000000000000000000000000000000', { fetch: fakeFetch });
      await chatCompletion({ apiKey: 'sk-proj-real-looking-key-000000000000000000000000000000', model: 'gpt-4.1-mini', maxTokens: 10, messages: [{ role: 'user', content: 'hi' }] }, { fetch: fakeFetch });
    } finally {
      if (saved !== undefined) process.env.OPENAI_BASE_URL = saved;
    }
    expect(seen.map((s) => s.url)).toEqual(['https://api.openai.com/v1/models', 'https://api.openai.com/v1/chat/completions']);
    expect(seen[1]!.auth).toBe('Bearer sk-proj-real-looking-key-000000000000000000000000000000');
    expect(seen[1]!.body).toEqual({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 10 });
  });
});
