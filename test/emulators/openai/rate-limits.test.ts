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

const ask = (maxTokens: number, key = LOCAL_OPENAI_KEY) =>
  fetch(`${emu.url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4.1-mini', max_completion_tokens: maxTokens, messages: [{ role: 'user', content: 'Hi, my fee is $500.' }] }),
  });

describe('OpenAI emulator rate limits', () => {
  it('counts prompt estimate + max tokens at admission, not what the answer used', () => {
    const body = { model: 'gpt-4.1-mini', max_completion_tokens: 300, messages: [{ role: 'user', content: 'x'.repeat(40) }] };
    // 3 framing + 4 per message + 40 characters / 4
    expect(admissionTokens(body)).toBe(3 + 4 + 10 + 300);
    expect(duration(1_500)).toBe('1.5s');
    expect(duration(360_000)).toBe('6m0s');
  });

  it('answers 429 rate_limit_exceeded on tokens per minute, with retry-after and x-ratelimit headers', async () => {
    const ok = await ask(400);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit-tokens')).toBe('1000');
    expect(Number(ok.headers.get('x-ratelimit-remaining-tokens'))).toBeLessThan(600);
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

  it('enforces nothing when no limits are set', async () => {
    emu.setRateLimits(undefined);
    for (let i = 0; i < 5; i += 1) expect((await ask(10_000)).status).toBe(200);
  });
});
