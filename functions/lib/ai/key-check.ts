import { APIConnectionError, APIError } from 'openai/error';
import * as z from 'zod';
import { messages } from '../../../shared/messages';
import { toOpenAIError } from './errors';

/**
 * GET /models over HTTP: the key check (the cheapest authenticated call) and the model list the
 * settings offer. It speaks HTTP directly instead of through the SDK: the key and settings routes
 * are API Lambdas, and the SDK would add ~385 KB to their bundles for this one request. Failures
 * become the SDK's own error objects (openai/error), so they map to the same typed errors as
 * chat completions (processing tasks, through the SDK in openai.ts).
 */
export type KeyValidation = { valid: boolean; message: string };
export type KeyCheckDeps = { baseURL?: string; fetch?: typeof fetch; timeoutMs?: number };

const text = messages.apiKey.errors;

/** Where OpenAI is: the caller's base, else OPENAI_BASE_URL (the local emulator), else OpenAI. */
export const openAIBaseURL = (baseURL?: string): string => (baseURL ?? (process.env.OPENAI_BASE_URL?.trim() || 'https://api.openai.com/v1')).replace(/\/+$/, '');

const codeOf = async (response: Response): Promise<string | undefined> => {
  try {
    const body = (await response.json()) as { error?: { code?: string; type?: string } };
    return body.error?.code ?? body.error?.type;
  } catch {
    return undefined;
  }
};

/** `shutdown_date`: yyyy-MM-dd, null when none is announced; absent on older answers (the product's table then decides). */
const modelList = z.object({ data: z.array(z.object({ id: z.string(), shutdown_date: z.string().nullable().optional() })) });

/** What `GET /models` says of a key's models: their ids, and each announced shutdown day it gives. */
export type KeyModels = { ids: string[]; shutdowns: Record<string, string | null> };

const getModels = (apiKey: string, deps: KeyCheckDeps): Promise<Response> =>
  (deps.fetch ?? fetch)(`${openAIBaseURL(deps.baseURL)}/models`, {
    headers: { authorization: `Bearer ${apiKey.trim()}` },
    signal: AbortSignal.timeout(deps.timeoutMs ?? 15_000),
  });

/** Model ids the key can use. Throws the typed errors (key invalid, quota, rate limit, unavailable). */
export const listModels = async (apiKey: string, deps: KeyCheckDeps = {}): Promise<string[]> => (await listKeyModels(apiKey, deps)).ids;

/** The key's models with the shutdown days the list carries. Throws as listModels does. */
export const listKeyModels = async (apiKey: string, deps: KeyCheckDeps = {}): Promise<KeyModels> => {
  let response: Response;
  try {
    response = await getModels(apiKey, deps);
  } catch (error) {
    throw toOpenAIError(new APIConnectionError({ cause: error instanceof Error ? error : undefined }));
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // the SDK's factory reads `error` off the body as the client does
    throw toOpenAIError(APIError.generate(response.status, body as object | undefined, undefined, response.headers));
  }
  const data = modelList.parse(body).data;
  const shutdowns = Object.fromEntries(data.filter((model) => model.shutdown_date !== undefined).map((model) => [model.id, model.shutdown_date ?? null]));
  return { ids: data.map((model) => model.id), shutdowns };
};

export const validateOpenAIKey = async (apiKey: string, deps: KeyCheckDeps = {}): Promise<KeyValidation> => {
  let response: Response;
  try {
    response = await getModels(apiKey, deps);
  } catch {
    return { valid: false, message: text.network };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { valid: true, message: 'API key is valid' }; // not in spec
  }
  const code = await codeOf(response);
  if (response.status === 402 || code === 'insufficient_quota') return { valid: false, message: text.quotaExceeded };
  if (response.status === 429) return { valid: false, message: text.tooManyRequests };
  if (response.status >= 500) return { valid: false, message: text.serviceIssue };
  // 401, and 403 (a restricted key without model access): not usable here.
  return { valid: false, message: text.unauthorized };
};
