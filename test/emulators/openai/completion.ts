import { contextLengthExceeded, invalidRequest, modelNotFound, modelShutDown, notAChatModel, type EmulatorError } from './errors';
import { extractFacts, messageText, summaryText, displayName, type ChatMessage, type Facts } from './facts';
import { findModel, isShutDown, REASONING_TOKENS } from './models';
import { strictSchemaProblem } from './schema-check';
import { fillSchema, type JsonSchema } from './schema-fill';

/**
 * `POST /v1/chat/completions`: validates the request by the real API's rules (the ones the
 * product can trip over), then answers deterministically from the input.
 */
export type Usage = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number };
  completion_tokens_details: {
    reasoning_tokens: number;
    audio_tokens: number;
    accepted_prediction_tokens: number;
    rejected_prediction_tokens: number;
  };
};

export type ChatCompletion = {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: { role: 'assistant'; content: string | null; refusal: string | null; annotations: [] };
    logprobs: null;
    finish_reason: 'stop' | 'length';
  }[];
  usage: Usage;
  service_tier: 'default';
  system_fingerprint: string;
};

type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; json_schema: { name: string; schema: JsonSchema; strict?: boolean } };

type Ok = { ok: true; completion: ChatCompletion };
type Failed = { ok: false; error: EmulatorError };

/** Roughly what a BPE tokenizer gives for English: about four characters a token. */
export const countTokens = (text: string): number => Math.ceil(text.length / 4);

export const promptTokens = (messages: readonly ChatMessage[], format: ResponseFormat | undefined): number => {
  // Each message costs its text plus a few framing tokens, as the real accounting does.
  const body = messages.reduce((sum, m) => sum + 4 + countTokens(messageText(m.content)), 3);
  return body + (format?.type === 'json_schema' ? countTokens(JSON.stringify(format.json_schema.schema)) : 0);
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const checkFormat = (raw: unknown, messages: readonly ChatMessage[]): ResponseFormat | EmulatorError | undefined => {
  if (raw === undefined || raw === null) return undefined;
  if (!isRecord(raw)) return invalidRequest("Invalid type for 'response_format': expected an object.", 'response_format', 'invalid_type');
  if (raw.type === 'text') return { type: 'text' };
  if (raw.type === 'json_object') {
    const mentionsJson = messages.some((m) => /json/i.test(messageText(m.content)));
    return mentionsJson
      ? { type: 'json_object' }
      : invalidRequest("'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.", 'messages');
  }
  if (raw.type === 'json_schema') {
    const spec = raw.json_schema;
    if (!isRecord(spec) || typeof spec.name !== 'string') {
      return invalidRequest("Missing required parameter: 'response_format.json_schema.name'.", 'response_format.json_schema.name', 'missing_required_parameter');
    }
    const schema = isRecord(spec.schema) ? spec.schema : { type: 'object', properties: {}, additionalProperties: false, required: [] };
    if (spec.strict === true) {
      const problem = strictSchemaProblem(spec.name, schema);
      if (problem) return invalidRequest(problem, 'response_format', 'invalid_json_schema');
    }
    return { type: 'json_schema', json_schema: { name: spec.name, schema, strict: spec.strict === true } };
  }
  return invalidRequest(`Invalid value: '${String(raw.type)}'. Supported values are: 'json_object', 'json_schema', and 'text'.`, 'response_format.type', 'invalid_value');
};

const jsonObjectAnswer = (f: Facts) => ({
  subject: f.subject,
  summary: summaryText(f),
  participants: f.participants.map(displayName),
  dates: f.dates,
  rates: f.rates,
  status: f.cues.has('confirmed') ? 'confirmed' : f.cues.has('declined') ? 'declined' : 'pending',
});

let sequence = 0;

/**
 * Requests a real model declines: it answers with a refusal (structured outputs carry it in
 * `message.refusal` with no content, plain text says so in the content) and finish_reason 'stop'.
 */
export const REFUSAL_PATTERN = /\b(how (do i|to|can i) (make|build|synthesi[sz]e) (a |an )?(bomb|explosive|nerve agent|bioweapon)s?)\b/i;
export const REFUSAL_TEXT = "I'm sorry, but I can't help with that.";

const oxfordList = (values: readonly string[]) =>
  values.length <= 1 ? values.map((v) => `'${v}'`).join('') : `${values.slice(0, -1).map((v) => `'${v}'`).join(', ')}, and '${values.at(-1)}'`;

export const createCompletion = (body: unknown, now: () => number = Date.now): Ok | Failed => {
  const fail = (error: EmulatorError): Failed => ({ ok: false, error });
  if (!isRecord(body)) return fail(invalidRequest('We could not parse the JSON body of your request.'));
  if (typeof body.model !== 'string' || !body.model) return fail(invalidRequest('you must provide a model parameter'));
  const model = findModel(body.model);
  if (!model) return fail(modelNotFound(body.model));
  // On its shutdown day the model is gone, as the real API answers a retired id.
  if (isShutDown(model, now())) return fail(modelShutDown(body.model));
  if (!model.chat) return fail(notAChatModel(body.model));
  if (!Array.isArray(body.messages)) return fail(invalidRequest("Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter'));
  if (body.messages.length === 0) return fail(invalidRequest("[] is too short - 'messages'", 'messages', 'empty_array'));
  const messages = body.messages as ChatMessage[];
  if (body.stream === true) return fail(invalidRequest('The local emulator does not stream; send stream: false.', 'stream', 'unsupported_parameter'));

  if (model.reasoning && body.max_tokens != null) {
    return fail(invalidRequest("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'max_tokens', 'unsupported_parameter'));
  }
  const effort = typeof body.reasoning_effort === 'string' ? body.reasoning_effort : (model.defaultEffort ?? 'medium');
  if (body.temperature != null) {
    const t = Number(body.temperature);
    if (model.reasoning && t !== 1 && model.samplingAtNoneOnly && effort !== 'none') {
      return fail(invalidRequest(`Unsupported parameter: 'temperature' is not supported with this model when reasoning_effort is '${effort}'. Set reasoning_effort to 'none' to use temperature.`, 'temperature', 'unsupported_parameter'));
    }
    if (model.reasoning && t !== 1 && !model.samplingAtNoneOnly) {
      return fail(invalidRequest(`Unsupported value: 'temperature' does not support ${t} with this model. Only the default (1) value is supported.`, 'temperature', 'unsupported_value'));
    }
    if (t > 2) return fail(invalidRequest(`Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got ${t} instead.`, 'temperature', 'decimal_above_max_value'));
    if (t < 0) return fail(invalidRequest(`Invalid 'temperature': decimal below minimum value. Expected a value >= 0, but got ${t} instead.`, 'temperature', 'decimal_below_min_value'));
  }
  const limitParam = body.max_completion_tokens != null ? 'max_completion_tokens' : body.max_tokens != null ? 'max_tokens' : undefined;
  const limit = limitParam ? Number(body[limitParam]) : model.maxOutputTokens;
  if (limitParam && (!Number.isInteger(limit) || limit < 1)) {
    return fail(invalidRequest(`Invalid '${limitParam}': integer below minimum value. Expected a value >= 1, but got ${String(body[limitParam])} instead.`, limitParam, 'integer_below_min_value'));
  }
  if (limit > model.maxOutputTokens) {
    return fail(invalidRequest(`${limitParam} is too large: ${limit}. This model supports at most ${model.maxOutputTokens} completion tokens, whereas you provided ${limit}.`, limitParam ?? null, 'invalid_value'));
  }
  if (body.reasoning_effort != null && !model.reasoning) {
    return fail(invalidRequest("Unsupported parameter: 'reasoning_effort' is not supported with this model.", 'reasoning_effort', 'unsupported_parameter'));
  }
  if (model.reasoning && !model.efforts.includes(effort)) {
    return fail(invalidRequest(`Unsupported value: 'reasoning_effort' does not support '${effort}' with this model. Supported values are: ${oxfordList(model.efforts)}.`, 'reasoning_effort', 'unsupported_value'));
  }

  const format = checkFormat(body.response_format, messages);
  if (format && 'status' in format) return fail(format);

  const facts = extractFacts(messages);
  const full =
    format?.type === 'json_schema'
      ? JSON.stringify(fillSchema(format.json_schema.schema, facts))
      : format?.type === 'json_object'
        ? JSON.stringify(jsonObjectAnswer(facts))
        : summaryText(facts);

  const prompt = promptTokens(messages, format);
  const reserved = limitParam ? limit : 0;
  if (prompt + reserved > model.contextWindow) return fail(contextLengthExceeded(model.contextWindow, prompt, reserved));
  const refuses = messages.some((m) => m.role === 'user' && REFUSAL_PATTERN.test(messageText(m.content)));
  // Reasoning models think before they answer, and the thinking spends the same budget: a
  // small max_completion_tokens at the default effort yields an empty answer cut at 'length'.
  const reasoning = model.reasoning ? Math.min(limit, (REASONING_TOKENS[effort] ?? 0) + (effort === 'minimal' || effort === 'none' ? 0 : Math.ceil(prompt / 20))) : 0;
  const visibleBudget = limit - reasoning;
  const wanted = Math.max(1, countTokens(full));
  const truncated = wanted > visibleBudget;
  const content = truncated ? full.slice(0, Math.max(0, visibleBudget) * 4) : full;
  const visible = truncated ? Math.max(0, visibleBudget) : wanted;
  sequence += 1;
  return {
    ok: true,
    completion: {
      id: `chatcmpl-local${String(facts.seed.toString(36)).padStart(8, '0')}${sequence.toString(36)}`,
      object: 'chat.completion',
      created: Math.floor(now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: refuses
            ? format?.type === 'json_schema'
              ? { role: 'assistant', content: null, refusal: REFUSAL_TEXT, annotations: [] }
              : { role: 'assistant', content: REFUSAL_TEXT, refusal: null, annotations: [] }
            : { role: 'assistant', content, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: truncated && !refuses ? 'length' : 'stop',
        },
      ],
      usage: {
        prompt_tokens: prompt,
        completion_tokens: reasoning + visible,
        total_tokens: prompt + reasoning + visible,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: reasoning, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
      service_tier: 'default',
      system_fingerprint: 'fp_threadline_local',
    },
  };
};
