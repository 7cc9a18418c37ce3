import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionTokens, duration } from './rate-limits';
import { LOCAL_OPENAI_KEY, startOpenAIEmulator, type OpenAIEmulator } from './server';

let emu: OpenAIEmulator;
beforeAll(async () => {
  emu = await startOpenAIEmulator({ rateLimits: { requestsPerMinute: 3, tokensPerMinute: 1_000 } });
});
afterAll(async () => {
  await emu.close();
});

const ask = (maxTokens: number, model = 'gpt-4.1-mini') =>
  fetch(`${emu.url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LOCAL_OPENAI_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, max_completion_tokens: maxTokens, messages: [{ role: 'user', content: 'Hi, my fee is $500.' }] }),
  });

describe('OpenAI emulator rate limits', () => {
  it('counts the larger of max tokens and the prompt estimate at admission, not what the answer used', () => {
    const body = { model: 'gpt-4.1-mini', max_completion_tokens: 300, messages: [{ role: 'user', content: 'x'.repeat(40) }] };
    expect(admissionTokens(body)).toBe(300);
    // 3 framing + 4 per message + 4,000 characters / 4
    expect(admissionTokens({ ...body, messages: [{ role: 'user', content: 'x'.repeat(4_000) }] })).toBe(3 + 4 + 1_000);
    expect(admissionTokens({ ...body, max_completion_tokens: undefined })).toBe(16_384);
    expect(duration(1_500)).toBe('1.5s');
    expect(duration(360_000)).toBe('6m0s');
  });

  it('answers 429 rate_limit_exceeded on tokens per minute, with retry-after and x-ratelimit headers', async () => {
    const ok = await ask(400);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit-tokens')).toBe('1000');
    // the 400-token cap, larger than this short prompt, is what was counted
    expect(Number(ok.headers.get('x-ratelimit-remaining-tokens'))).toBeGreaterThanOrEqual(600);
    expect(Number(ok.headers.get('x-ratelimit-remaining-tokens'))).toBeLessThan(605);
    const refused = await ask(700);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; type: string; message: string } };
    expect(body.error).toMatchObject({ code: 'rate_limit_exceeded', type: 'tokens' });
    expect(body.error.message).toMatch(/on tokens per min \(TPM\): Limit 1000, Used \d+, Requested \d+\. Please try again in/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after-ms'))).toBeGreaterThan(0);
    expect(emu.log.at(-1)).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
  });

  it('answers 429 on requests per minute once they run out', async () => {
    emu.setRateLimits({ requestsPerMinute: 2, tokensPerMinute: 1_000_000 });
    expect((await ask(10)).status).toBe(200);
    expect((await ask(10)).status).toBe(200);
    const refused = await ask(10);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('requests');
  });

  it("keeps a pool per model: one model's requests leave another's budget whole; a snapshot spends its alias's", async () => {
    emu.setRateLimits({ requestsPerMinute: 1, tokensPerMinute: 1_000_000 });
    expect((await ask(10, 'gpt-4.1-mini')).status).toBe(200);
    expect((await ask(10, 'gpt-4.1-mini-2025-04-14')).status).toBe(429);
    const other = await ask(10, 'gpt-4.1');
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining-requests')).toBe('0');
  });

  it('enforces nothing when no limits are set', async () => {
    emu.setRateLimits(undefined);
    for (let i = 0; i < 5; i += 1) expect((await ask(10_000)).status).toBe(200);
  });
});
