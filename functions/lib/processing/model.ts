import type { ModelPurpose } from '../../../shared/constants';
import { isRetired, successorFor, type ListedShutdowns } from '../../../shared/model-catalog';
import { productNow } from '../ai/clock';
import { AiOutputTruncated, isModelNotFound } from '../ai/errors';
import type { ModelCaller } from '../ai/model-caller';
import { chatCompletion, type ChatResult } from '../ai/openai';
import { sharedOpenAILimiter, type OpenAILimiter } from '../limits/openai-limits';
import { errorMessage, logger } from '../logger';
import { answerCap } from '../ai/answer-caps';
import { keyShutdowns } from '../settings/model-choices';
import { recordModelWarning, type ModelWarning } from '../settings/model-state';
import { agencyOfSettings, type Settings } from '../settings/store';

export type ModelCallerOptions = {
  /** where replacement warnings go; default: the agency the settings were read for */
  agencyName?: string;
  now?: () => number;
  onReplaced?: (warning: Omit<ModelWarning, 'since'>) => Promise<void> | void;
  /** default: the key's budget shared by every Lambda */
  limiter?: OpenAILimiter;
  /** the first cap per purpose; default ai/answer-caps.ts's ANSWER_CAPS */
  answerTokens?: Partial<Record<ModelPurpose, number>>;
  /** shutdown dates by model id; default the key's `GET /models` (cached a day), else the product's table */
  shutdowns?: ListedShutdowns;
};

/**
 * The ModelCaller (ai/model-caller.ts) of an agency: each purpose with the agency's
 * model/temperature/max_tokens for it.
 *
 * A model past its announced shutdown (the key's model list, else the product's table, by the
 * product's clock) or one the API answers 404 model_not_found is replaced by the purpose's successor for the call: the job
 * goes on, and a warning naming both models is stored for the agency (Settings and the
 * dashboard show it until someone saves a model for that purpose).
 *
 * OpenAI admits a request for the larger of its prompt and the max tokens it asks for, so the cap is what the
 * purpose's answer needs (ai/answer-caps.ts), never above the setting, and an answer cut at that cap
 * is asked once more with the setting's full cap. A caller passing its own maxTokens has sized
 * the answer itself (and retries itself): that cap is sent as given. Every call waits for the key's
 * shared requests/tokens budget (limits/openai-limits.ts). A structured answer is read only through
 * askModel (ai/structured-answer.ts), which parses `json` with the schema it was asked for.
 */
export const modelCaller = (apiKey: string, settings: Settings, remainingMs?: () => number, options: ModelCallerOptions = {}): ModelCaller => {
  const agencyName = options.agencyName ?? agencyOfSettings(settings);
  const now = options.now ?? productNow;
  const limiter = options.limiter ?? sharedOpenAILimiter();
  /** a purpose whose model moved stays moved for the rest of this caller's calls */
  const moved = new Map<ModelPurpose, string>();
  const noted = new Set<string>();
  let listed: Promise<ListedShutdowns | undefined> | undefined;
  const shutdowns = () => (listed ??= options.shutdowns ? Promise.resolve(options.shutdowns) : keyShutdowns(agencyName, apiKey));

  const note = async (warning: Omit<ModelWarning, 'since'>) => {
    const key = `${warning.purpose}:${warning.old_model}:${warning.new_model}`;
    if (noted.has(key)) return;
    noted.add(key);
    logger.warn('model replaced for this call', { ...warning });
    try {
      if (options.onReplaced) await options.onReplaced(warning);
      else if (agencyName) await recordModelWarning(agencyName, warning);
    } catch (error) {
      // The answer matters more than the warning: never fail the call for it.
      noted.delete(key);
      logger.warn('model warning not stored', { error: errorMessage(error) });
    }
  };

  return async (purpose, messages, jsonSchema, callOptions) => {
    const config = settings.model_config[purpose];
    const at = now();
    // A caller that sizes its own answer (analyse.ts: structured floors, its own larger retry)
    // gets exactly that cap; otherwise the purpose's cap, never above the setting.
    const fullCap = callOptions?.maxTokens ?? config.max_tokens;
    const cap = callOptions?.maxTokens ?? Math.min(fullCap, options.answerTokens?.[purpose] ?? answerCap(purpose));
    const once = (model: string, maxTokens: number): Promise<ChatResult> =>
      chatCompletion({
        apiKey,
        model,
        temperature: config.temperature,
        maxTokens,
        messages,
        limiter,
        ...(jsonSchema ? { jsonSchema } : {}),
        ...(remainingMs ? { retry: { remainingMs } } : {}),
      });
    const call = async (model: string): Promise<ChatResult> => {
      if (cap >= fullCap) return once(model, fullCap);
      const retryFull = () => {
        logger.info('model answer cut at its purpose cap; asked again with the full cap', { purpose, cap, fullCap });
        return once(model, fullCap);
      };
      try {
        const first = await once(model, cap);
        return first.finishReason === 'length' ? await retryFull() : first;
      } catch (error) {
        if (error instanceof AiOutputTruncated) return retryFull();
        throw error;
      }
    };

    const dates = await shutdowns();
    let model = moved.get(purpose) ?? config.model;
    let reason: ModelWarning['reason'] | undefined = model !== config.model ? 'not_found' : undefined;
    if (isRetired(model, at, dates)) {
      model = successorFor(model, purpose, at, dates);
      reason = 'retired';
    }
    let result: ChatResult;
    try {
      result = await call(model);
    } catch (error) {
      const next = isModelNotFound(error) ? successorFor(model, purpose, at, dates) : undefined;
      if (!next || next === model || next === config.model) throw error;
      model = next;
      reason ??= 'not_found';
      result = await call(model);
    }
    if (reason && model !== config.model) {
      moved.set(purpose, model);
      await note({ purpose, old_model: config.model, new_model: model, reason });
    }
    return { content: result.content, json: result.json, tokens: result.usage.totalTokens };
  };
};
