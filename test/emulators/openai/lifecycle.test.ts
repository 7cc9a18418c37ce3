import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulators } from '../../../infra/local/emulators';
import { LOCAL_OPENAI_KEY, startOpenAIEmulator, type OpenAIEmulator } from './server';

/**
 * Issue 28 point 2: the emulator lists each model's shutdown date as `GET /v1/models` does,
 * serves the replacements OpenAI recommends with their parameter rules, refuses the schema
 * keywords strict structured outputs refuse, and, run beside the product, keeps its clock.
 */
let emu: OpenAIEmulator;
beforeAll(async () => {
  emu = await startOpenAIEmulator({ now: '2026-11-23T12:00:00Z' });
});
afterAll(() => emu.close());

const auth = { authorization: `Bearer ${LOCAL_OPENAI_KEY}` };
const listModels = async (url: string) => ((await (await fetch(`${url}/models`, { headers: auth })).json()) as { data: { id: string; shutdown_date: string | null }[] }).data;
const post = async (body: Record<string, unknown>) => {
  const response = await fetch(`${emu.url}/chat/completions`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { error?: { message: string; param: string | null; code: string | null } } };
};
const ask = { messages: [{ role: 'user', content: 'Summarise: Hi, my fee is $900 for one reel.' }], max_completion_tokens: 400 };

describe('the OpenAI emulator and the model lifecycle', () => {
  it('lists every model with its shutdown_date, null where none is announced', async () => {
    const models = await listModels(emu.url);
    expect(models.every((m) => 'shutdown_date' in m)).toBe(true);
    const byId = Object.fromEntries(models.map((m) => [m.id, m.shutdown_date]));
    expect(byId).toMatchObject({ 'gpt-5-nano': '2026-12-11', 'gpt-4.1-mini': '2027-01-14', 'gpt-5.1': '2027-04-01', 'gpt-6-luna': null, 'gpt-6.1-sol': null });
    const one = (await (await fetch(`${emu.url}/models/gpt-5-nano`, { headers: auth })).json()) as { shutdown_date: string };
    expect(one.shutdown_date).toBe('2026-12-11');
  });

  it('serves the recommended replacements with their parameter rules', async () => {
    expect((await post({ model: 'gpt-6-luna', reasoning_effort: 'none', temperature: 0.3, ...ask })).status).toBe(200);
    // a temperature only with reasoning_effort none; the default effort is not none
    const sampled = await post({ model: 'gpt-6-luna', temperature: 0.3, ...ask });
    expect(sampled).toMatchObject({ status: 400, body: { error: { param: 'temperature' } } });
    // gpt-6.1-sol takes no none
    const none = await post({ model: 'gpt-6.1-sol', reasoning_effort: 'none', ...ask });
    expect(none).toMatchObject({ status: 400, body: { error: { param: 'reasoning_effort', code: 'unsupported_value' } } });
    expect((await post({ model: 'gpt-6.1-sol', reasoning_effort: 'low', ...ask })).status).toBe(200);
    const maxTokens = await post({ model: 'gpt-6.1-terra', messages: ask.messages, max_tokens: 100 });
    expect(maxTokens).toMatchObject({ status: 400, body: { error: { param: 'max_tokens' } } });
  });

  it.each([
    ['uniqueItems', { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }, "('properties', 'tags')"],
    ['allOf', { fee: { allOf: [{ type: 'number' }, { minimum: 0 }] } }, "('properties', 'fee')"],
    ['patternProperties', { extra: { type: 'object', properties: {}, required: [], additionalProperties: false, patternProperties: { '^x': { type: 'string' } } } }, "('properties', 'extra')"],
  ])('refuses a strict schema using %s, as strict mode does', async (keyword, properties, context) => {
    const schema = { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
    const refused = await post({ model: 'gpt-4.1-mini', ...ask, response_format: { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema } } });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'invalid_json_schema', message: `Invalid schema for response_format 'answer': In context=${context}, '${keyword}' is not permitted.` } } });
  });

  it('keeps the supported keywords (pattern, format, bounds, minItems/maxItems, anyOf)', async () => {
    const schema = {
      type: 'object',
      properties: {
        day: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        fee: { anyOf: [{ type: 'number', minimum: 0, maximum: 1_000_000 }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 0, maxItems: 5 },
      },
      required: ['day', 'fee', 'tags'],
      additionalProperties: false,
    };
    expect((await post({ model: 'gpt-4.1-mini', ...ask, response_format: { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema } } })).status).toBe(200);
  });

  it("run beside the product, follows the product's clock (THREADLINE_NOW)", async () => {
    const previous = process.env.THREADLINE_NOW;
    const emulators = await startEmulators({ google: 'real', openai: {} });
    try {
      process.env.THREADLINE_NOW = '2026-11-23T12:00:00Z';
      expect((await listModels(emulators.env.OPENAI_BASE_URL!)).map((m) => m.id)).toContain('gpt-5-nano');
      process.env.THREADLINE_NOW = '2026-12-12T09:00:00Z';
      const after = (await listModels(emulators.env.OPENAI_BASE_URL!)).map((m) => m.id);
      expect(after).not.toContain('gpt-5-nano');
      expect(after).toContain('gpt-6-luna');
    } finally {
      if (previous === undefined) delete process.env.THREADLINE_NOW;
      else process.env.THREADLINE_NOW = previous;
      await emulators.close();
    }
  });
});
