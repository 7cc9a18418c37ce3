import type { ModelPurpose } from '../../../shared/constants';
import { isRetired, successorFor } from '../../../shared/model-catalog';
import { productNow } from '../ai/clock';
import { isModelNotFound } from '../ai/errors';
import { chatCompletion, type ChatMessage, type ChatResult } from '../ai/openai';
import { logger } from '../logger';
import { recordModelWarning, type ModelWarning } from '../settings/model-state';
import { agencyOfSettings, type Settings } from '../settings/store';

/**
 * One model call for one purpose, with the agency's model/temperature/max_tokens for it.
 * Tokens are counted by the caller from `usage` (the bench and the job item report them).
 *
 * A model past its announced shutdown (the product's table, by the product's clock) or one the
 * API answers 404 model_not_found is replaced by the purpose's successor for the call: the job
 * goes on, and a warning naming both models is stored for the agency (Settings and the
 * dashboard show it until someone saves a model for that purpose).
 */
export type ModelCaller = <T = unknown>(
  purpose: ModelPurpose,
  messages: ChatMessage[],
  jsonSchema?: { name: string; schema: Record<string, unknown> },
  options?: { maxTokens?: number },
) => Promise<{ content: string; json?: T; tokens: number }>;

export type ModelCallerOptions = {
  /** where replacement warnings go; default: the agency the settings were read for */
  agencyName?: string;
  now?: () => number;
  onReplaced?: (warning: Omit<ModelWarning, 'since'>) => Promise<void> | void;
};

export const modelCaller = (apiKey: string, settings: Settings, remainingMs?: () => number, options: ModelCallerOptions = {}): ModelCaller => {
  const agencyName = options.agencyName ?? agencyOfSettings(settings);
  const now = options.now ?? productNow;
  /** a purpose whose model moved stays moved for the rest of this caller's calls */
  const moved = new Map<ModelPurpose, string>();
  const noted = new Set<string>();

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
      logger.warn('model warning not stored', { error: String(error) });
    }
  };

  return async (purpose, messages, jsonSchema, callOptions) => {
    const config = settings.model_config[purpose];
    const at = now();
    const call = (model: string): Promise<ChatResult> =>
      chatCompletion({
        apiKey,
        model,
        temperature: config.temperature,
        maxTokens: callOptions?.maxTokens ?? config.max_tokens,
        messages,
        ...(jsonSchema ? { jsonSchema } : {}),
        ...(remainingMs ? { retry: { remainingMs } } : {}),
      });

    let model = moved.get(purpose) ?? config.model;
    let reason: ModelWarning['reason'] | undefined = model !== config.model ? 'not_found' : undefined;
    if (isRetired(model, at)) {
      model = successorFor(model, purpose, at);
      reason = 'retired';
    }
    let result: ChatResult;
    try {
      result = await call(model);
    } catch (error) {
      const next = isModelNotFound(error) ? successorFor(model, purpose, at) : undefined;
      if (!next || next === model || next === config.model) throw error;
      model = next;
      reason ??= 'not_found';
      result = await call(model);
    }
    if (reason && model !== config.model) {
      moved.set(purpose, model);
      await note({ purpose, old_model: config.model, new_model: model, reason });
    }
    return { content: result.content, json: result.json as never, tokens: result.usage.totalTokens };
  };
};
