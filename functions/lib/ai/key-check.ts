import { messages } from '../../../shared/messages';

/**
 * Checks an OpenAI key by listing models (GET /models), the cheapest authenticated call. It
 * speaks HTTP directly instead of through the SDK: the key routes are API Lambdas, and the SDK
 * would add ~400 KB to their bundles for this one request. Chat completions (processing tasks)
 * use the SDK (openai.ts).
 */
export type KeyValidation = { valid: boolean; message: string };
export type KeyCheckDeps = { baseURL?: string; fetch?: typeof fetch; timeoutMs?: number };

const text = messages.apiKey.errors;

export const openAIBaseURL = (): string | undefined => process.env.OPENAI_BASE_URL?.trim() || undefined;

const codeOf = async (response: Response): Promise<string | undefined> => {
  try {
    const body = (await response.json()) as { error?: { code?: string; type?: string } };
    return body.error?.code ?? body.error?.type;
  } catch {
    return undefined;
  }
};

export const validateOpenAIKey = async (apiKey: string, deps: KeyCheckDeps = {}): Promise<KeyValidation> => {
  const base = (deps.baseURL ?? openAIBaseURL() ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  let response: Response;
  try {
    response = await (deps.fetch ?? fetch)(`${base}/models`, {
      headers: { authorization: `Bearer ${apiKey.trim()}` },
      signal: AbortSignal.timeout(deps.timeoutMs ?? 15_000),
    });
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
