/**
 * Stands in for the openai package in the Lambda bundles (the alias maps `openai` to this folder,
 * so `openai/error` is error.ts here). The SDK's client class builds every resource of the API
 * (assistants, audio, files, realtime, responses, vector stores...) when it is constructed, so a
 * bundle that makes one chat completion carried ~385 KB of it: more than a third of the
 * JobProcessBatch and JobSyncSheets budgets. Threadline's only SDK call is a non-streaming
 * `chat.completions.create` with the SDK's retries off (functions/lib/ai/openai.ts); this client
 * makes that request as the SDK does and fails with the SDK's own error classes:
 * - POST `${baseURL}/chat/completions`, JSON body, `Authorization: Bearer <key>`;
 * - the request's `timeout` (else the client's) aborts it: APIConnectionTimeoutError;
 * - fetch failing: APIConnectionError with the failure as its cause;
 * - a non-2xx answer: APIError.generate(status, body as JSON or undefined, body text otherwise,
 *   headers), the subclass by status (RateLimitError, AuthenticationError...);
 * - a 2xx answer: its JSON, with `_request_id` from x-request-id as the SDK adds it.
 * Options it does not implement (retries, organisation, project, extra headers) throw when the
 * client is built rather than being silently ignored. Tests and the local runtime run the real
 * SDK; test/infra/bundle-stand-ins.test.ts bundles functions/lib/ai/openai.ts with this folder
 * and checks its answers and errors are the SDK's, request by request.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from './error';

type ClientOptions = {
  apiKey?: string;
  baseURL?: string;
  maxRetries?: number;
  timeout?: number;
  logLevel?: string;
  fetch?: typeof fetch;
  [option: string]: unknown;
};
type RequestOptions = { timeout?: number; signal?: AbortSignal };

const HANDLED_OPTIONS = new Set(['apiKey', 'baseURL', 'maxRetries', 'timeout', 'logLevel', 'fetch']);
/** The SDK's default: ten minutes. */
const DEFAULT_TIMEOUT_MS = 600_000;

const safeJSON = (text: string): object | undefined => {
  try {
    return JSON.parse(text) as object;
  } catch {
    return undefined;
  }
};

class OpenAI {
  readonly chat: { completions: { create: (body: object, options?: RequestOptions) => Promise<unknown> } };
  private readonly apiKey: string;
  private readonly baseURL: string;
  private readonly timeout: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ClientOptions = {}) {
    const unsupported = Object.keys(options).filter((name) => options[name] !== undefined && !HANDLED_OPTIONS.has(name));
    if (options.maxRetries !== undefined && options.maxRetries !== 0) unsupported.push('maxRetries');
    if (unsupported.length) throw new Error(`The bundled OpenAI client does not implement ${unsupported.join(', ')} (infra/constructs/bundle-stand-ins/openai)`);
    const apiKey = options.apiKey ?? process.env.OPENAI_API_KEY;
    if (!apiKey) throw new Error('The OPENAI_API_KEY environment variable is missing or empty; either provide it, or instantiate the OpenAI client with an apiKey option');
    this.apiKey = apiKey;
    this.baseURL = (options.baseURL ?? process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.fetchImpl = options.fetch ?? fetch;
    this.chat = { completions: { create: (body, requestOptions) => this.post('/chat/completions', body, requestOptions) } };
  }

  private async post(path: string, body: object, options: RequestOptions = {}): Promise<unknown> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeout ?? this.timeout);
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let response: Response;
    try {
      response = await this.fetchImpl.call(undefined, `${this.baseURL}${path}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${this.apiKey}` },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw Object.assign(new APIConnectionTimeoutError(), { cause: error });
      throw new APIConnectionError({ cause: error instanceof Error ? error : new Error(String(error)) });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
    if (!response.ok) {
      const text = await response.text().catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      const json = safeJSON(text);
      throw APIError.generate(response.status, json, json ? undefined : text, response.headers);
    }
    const answer = (await response.json()) as object;
    const requestId = response.headers.get('x-request-id');
    if (requestId !== null) Object.defineProperty(answer, '_request_id', { value: requestId, enumerable: false });
    return answer;
  }
}

export { OpenAI };
export default OpenAI;
