import { createHash } from 'node:crypto';
import { MODEL_CHOICES, MODEL_PURPOSES, type ModelPurpose } from '../../../shared/constants';
import { describeModel, isChatModel, isRetired, modelChoices, retirementOf, successorFor, type ModelChoiceInfo } from '../../../shared/model-catalog';
import { productNow } from '../ai/clock';
import { listModels } from '../ai/key-check';
import { BadRequest } from '../http/errors';
import { readApiKey } from '../identity/api-keys';
import { errorMessage, logger } from '../logger';
import { cachedModelIds, storeModelIds } from './model-state';

/**
 * The model choices offered to an agency: the chat models its OpenAI key can use
 * (`models.list`, cached a day per agency and key), marked from the product's table. Without a
 * key, or when the list cannot be read, the product's own table (the spec's models and their
 * successors that are still live).
 */
export type ModelChoices = { source: 'account' | 'catalog'; models: ModelChoiceInfo[] };

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** Without a key's list: the spec's five while they live, and the successors of those that have shut down. */
export const catalogIds = (now = productNow()): string[] => [
  ...new Set(MODEL_CHOICES.map((id) => liveModelFor(id, 'thread_summary', now))),
];

export const availableModelIds = async (agencyName: string): Promise<{ source: ModelChoices['source']; ids: string[] }> => {
  const apiKey = await readApiKey(agencyName).catch(() => undefined);
  if (!apiKey) return { source: 'catalog', ids: catalogIds() };
  const hash = keyHash(apiKey);
  const cached = await cachedModelIds(agencyName, hash);
  if (cached) return { source: 'account', ids: cached };
  try {
    const ids = (await listModels(apiKey)).filter(isChatModel);
    await storeModelIds(agencyName, hash, ids).catch((error: unknown) => logger.warn('model list not cached', { error: errorMessage(error) }));
    return { source: 'account', ids };
  } catch (error) {
    logger.warn('models.list failed; offering the product table', { error: errorMessage(error) });
    return { source: 'catalog', ids: catalogIds() };
  }
};

export const modelChoicesFor = async (agencyName: string, configured: readonly string[] = []): Promise<ModelChoices> => {
  const now = productNow();
  const { source, ids } = await availableModelIds(agencyName);
  const models = modelChoices(ids, now);
  // A configured model the list lacks (retired, or not listed) is still shown so the form has its value.
  for (const id of configured) if (!models.some((m) => m.id === id)) models.push(describeModel(id, now));
  return { source, models };
};

/** A saved choice must be a live chat model (and one the key lists, when its list is known). */
export const checkModelChoice = async (agencyName: string, model: string): Promise<void> => {
  const now = productNow();
  const retirement = retirementOf(model);
  if (retirement && isRetired(model, now)) {
    throw new BadRequest(`${model} was shut down on ${retirement.shutdown}: choose another model (its successor is ${retirement.successor})`);
  }
  const { ids } = await availableModelIds(agencyName);
  const offered = ids.filter((id) => isChatModel(id) && !isRetired(id, now));
  if (!offered.includes(model)) throw new BadRequest(`model must be one of: ${offered.join(', ')}`);
};

/** What a profile's model becomes today: its successor once it has shut down. */
export const liveModelFor = (model: string, purpose: ModelPurpose, now = productNow()): string => (isRetired(model, now) ? successorFor(model, purpose, now) : model);

export const ALL_PURPOSES: readonly ModelPurpose[] = MODEL_PURPOSES;
