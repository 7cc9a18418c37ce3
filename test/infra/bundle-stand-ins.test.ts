import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSONStringified as realJSONStringified } from '@aws-lambda-powertools/parser/helpers';
import { EventBridgeSchema as realEventBridgeSchema } from '@aws-lambda-powertools/parser/schemas/eventbridge';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as sourceOpenAI from '../../functions/lib/ai/openai';
import { EventBridgeSchema as standInEventBridgeSchema } from '../../infra/constructs/bundle-stand-ins/powertools-eventbridge-schema';
import { JSONStringified as standInJSONStringified } from '../../infra/constructs/bundle-stand-ins/powertools-parser-helpers';
import { BUNDLE_ALIASES, esbuildOptions } from '../../infra/constructs/bundling';
import { PROJECT_ROOT } from '../../infra/constructs/paths';

/**
 * The stand-ins that re-implement part of a library (infra/constructs/bundling.ts, BUNDLE_ALIASES)
 * run only in the Lambda bundles: tests and the local runtime run the real library. These checks
 * hold each one to the library's behaviour on the same input.
 */

const event = (input: string, time = '2026-03-01T10:00:00Z') => ({
  version: '0',
  id: 'e1',
  source: 'aws.states',
  account: '000000000000',
  time,
  region: 'eu-west-1',
  resources: ['arn:aws:states:eu-west-1:000000000000:execution:m:e'],
  'detail-type': 'Step Functions Execution Status Change',
  detail: { executionArn: 'arn:e', status: 'SUCCEEDED', input },
});

const outcome = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? { data: result.data } : { issues: result.error.issues.map(({ code, path, message }) => ({ code, path, message })) };

describe('Powertools parser stand-ins (EventBridgeSchema, JSONStringified)', () => {
  const detail = (jsonStringified: typeof realJSONStringified) =>
    z.object({ executionArn: z.string(), status: z.string(), input: jsonStringified(z.object({ agencyName: z.string().min(1) })) });
  const real = realEventBridgeSchema.extend({ detail: detail(realJSONStringified) });
  const standIn = standInEventBridgeSchema.extend({ detail: detail(standInJSONStringified as typeof realJSONStringified) });

  it.each([
    ['an execution event of an agency', event('{"agencyName":"acme"}')],
    ['input that is not JSON', event('{agencyName')],
    ['input without the agency', event('{"agencyName":""}')],
    ['a time that is not ISO', event('{"agencyName":"acme"}', 'yesterday')],
    ['no detail', { ...event('{}'), detail: undefined }],
    ['not an event', 'hello'],
  ])('parses %s as Powertools does', (_name, input) => {
    expect(outcome(standIn.safeParse(input))).toEqual(outcome(real.safeParse(input)));
  });
});

describe('OpenAI stand-in: functions/lib/ai/openai.ts bundled answers and fails as with the SDK', () => {
  let bundled: typeof sourceOpenAI;

  beforeAll(async () => {
    // Inside the project, so the AWS SDK packages left to the runtime resolve from node_modules.
    const outDir = join(PROJECT_ROOT, '.bench', 'stand-ins');
    mkdirSync(outDir, { recursive: true });
    const outfile = join(outDir, 'openai.mjs');
    const { metafile } = await build({ ...esbuildOptions, entryPoints: [join(PROJECT_ROOT, 'functions/lib/ai/openai.ts')], outfile, logLevel: 'error', metafile: true });
    // The bundle must really be the stand-in's, not the SDK's client.
    expect(Object.keys(metafile.inputs).some((input) => input.includes('node_modules/openai/client'))).toBe(false);
    expect(BUNDLE_ALIASES.openai).toContain('bundle-stand-ins');
    bundled = (await import(`${pathToFileURL(outfile).href}?${Date.now()}`)) as typeof sourceOpenAI;
  }, 60_000);

  type Seen = { url: string; method?: string; authorization: string | null; contentType: string | null; body: unknown };
  type Answer = (seen: Seen, signal: AbortSignal) => Promise<Response>;

  const completion = {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4.1-mini',
    choices: [{ index: 0, message: { role: 'assistant', content: 'A summary.', refusal: null }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
  };
  const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  const run = async (module: typeof sourceOpenAI, answer: Answer) => {
    const seen: Seen[] = [];
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      const request = { url: String(url), method: init?.method, authorization: headers.get('authorization'), contentType: headers.get('content-type'), body: JSON.parse(String(init?.body)) };
      seen.push(request);
      return answer(request, init!.signal!);
    }) as typeof fetch;
    const request = {
      apiKey: 'sk-test',
      model: 'gpt-4.1-mini',
      temperature: 0.2,
      maxTokens: 50,
      messages: [{ role: 'user' as const, content: 'Summarise.' }],
      // The request's own timeout comes from the time left: 1 s (the floor), so the timeout case is quick.
      retry: { maxAttempts: 1, remainingMs: () => 1_000, reserveMs: 0 },
    };
    try {
      const result = await module.chatCompletion(request, { baseURL: 'http://openai.test/v1', fetch: fakeFetch, timeoutMs: 200 });
      return { seen, result };
    } catch (error) {
      const failure = error as Error & Record<string, unknown>;
      // By name, not class: the bundle is minified (error names are literals, class names are not).
      return { seen, error: { name: failure.name, message: failure.message, ...pick(failure) } };
    }
  };
  const pick = (error: Record<string, unknown>) =>
    Object.fromEntries(['status', 'upstreamStatus', 'network', 'retryAfterMs', 'upstreamCode', 'param'].filter((key) => key in error).map((key) => [key, error[key]]));

  const scenarios: [string, Answer][] = [
    ['an answer', async () => jsonResponse(200, completion, { 'x-request-id': 'req_1' })],
    ['a rate limit with Retry-After', async () => jsonResponse(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '7' })],
    ['an exhausted quota', async () => jsonResponse(429, { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } })],
    ['a bad key', async () => jsonResponse(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } })],
    ['a rejected request', async () => jsonResponse(400, { error: { message: "Unsupported parameter: 'temperature'", type: 'invalid_request_error', param: 'temperature', code: 'unsupported_parameter' } })],
    ['a server error with a text body', async () => new Response('upstream connect error', { status: 503 })],
    [
      'a network failure',
      async () => {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      },
    ],
    [
      'no answer before the timeout',
      (_seen, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })))),
    ],
  ];

  it.each(scenarios)('%s', async (_name, answer) => {
    const viaSdk = await run(sourceOpenAI, answer);
    const viaStandIn = await run(bundled, answer);
    expect(viaStandIn).toEqual(viaSdk);
    // The request itself: where, how, with which key and body.
    expect(viaStandIn.seen).toEqual([
      {
        url: 'http://openai.test/v1/chat/completions',
        method: 'POST',
        authorization: 'Bearer sk-test',
        contentType: 'application/json',
        body: { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Summarise.' }], max_completion_tokens: 50, temperature: 0.2 },
      },
    ]);
  });
});
