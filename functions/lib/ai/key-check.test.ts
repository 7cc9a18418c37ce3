import { describe, expect, it } from 'vitest';
import { OpenAIKeyInvalid, OpenAIQuotaExceeded, OpenAIRateLimited, OpenAIUnavailable } from './errors';
import { listKeyModels, listModels } from './key-check';

/** GET /models over plain HTTP (no SDK in the API bundles), failures as the same typed errors. */
const answering =
  (status: number, body: unknown, headers: Record<string, string> = {}): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('listModels', () => {
  it('reads the ids of the models page', async () => {
    const ids = await listModels(' sk-test ', { baseURL: 'http://openai.test/v1', fetch: answering(200, { object: 'list', data: [{ id: 'gpt-4.1', object: 'model' }, { id: 'gpt-5-mini', object: 'model' }] }) });
    expect(ids).toEqual(['gpt-4.1', 'gpt-5-mini']);
  });

  it("reads each model's shutdown_date, leaving out the models whose answer has none", async () => {
    const data = [
      { id: 'gpt-5-nano', object: 'model', shutdown_date: '2026-12-11' },
      { id: 'gpt-6-luna', object: 'model', shutdown_date: null },
      { id: 'gpt-4.1', object: 'model' },
    ];
    const listed = await listKeyModels('sk-test', { baseURL: 'http://openai.test/v1', fetch: answering(200, { object: 'list', data }) });
    expect(listed).toEqual({ ids: ['gpt-5-nano', 'gpt-6-luna', 'gpt-4.1'], shutdowns: { 'gpt-5-nano': '2026-12-11', 'gpt-6-luna': null } });
  });

  it('maps refusals as the SDK path does: 401, insufficient quota, 429 with its wait, 5xx, no network', async () => {
    const deps = (fetch: typeof globalThis.fetch) => ({ baseURL: 'http://openai.test/v1', fetch });
    await expect(listModels('k', deps(answering(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } })))).rejects.toBeInstanceOf(OpenAIKeyInvalid);
    await expect(listModels('k', deps(answering(429, { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } })))).rejects.toBeInstanceOf(OpenAIQuotaExceeded);
    const limited = await listModels('k', deps(answering(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '7' }))).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(OpenAIRateLimited);
    expect((limited as OpenAIRateLimited).retryAfterMs).toBe(7_000);
    await expect(listModels('k', deps(answering(503, { error: { message: 'overloaded' } })))).rejects.toBeInstanceOf(OpenAIUnavailable);
    await expect(listModels('k', deps(async () => Promise.reject(new TypeError('fetch failed'))))).rejects.toBeInstanceOf(OpenAIUnavailable);
  });
});
