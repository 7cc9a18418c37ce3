import { createHash } from 'node:crypto';
import { MODEL_CHOICES, type ModelPurpose } from '../../../shared/constants';
import { describeModel, isChatModel, isRetired, modelChoices, shutdownOf, successorFor, type ListedShutdowns, type ModelChoiceInfo } from '../../../shared/model-catalog';
import { productNow } from '../ai/clock';
import { listKeyModels } from '../ai/key-check';
import { BadRequest } from '../http/errors';
import { readApiKey } from '../identity/api-keys';
import { errorMessage, logger } from '../logger';
import { cachedModels, storeModels } from './model-state';

/**
 * The model choices offered to an agency: the chat models its OpenAI key can use
 * (`models.list`, cached a day per agency and key, with the shutdown dates it gives), marked
 * from the product's table. Without a key, or when the list cannot be read, the product's own
 * table (the spec's models and their successors that are still live).
 */
export type ModelChoices = { source: 'account' | 'catalog'; models: ModelChoiceInfo[] };
type Available = { source: ModelChoices['source']; ids: string[]; shutdowns: ListedShutdowns };

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** Without a key's list: the spec's five while they live, and the successors of those that have shut down. */
export const catalogIds = (now = productNow()): string[] => [
  ...new Set(MODEL_CHOICES.map((id) => liveModelFor(id, 'thread_summary', now))),
];

/** The key's chat models and the shutdown dates its list gives, cached a day per agency and key. */
export const keyModels = async (agencyName: string, apiKey: string): Promise<{ ids: string[]; shutdowns: ListedShutdowns }> => {
  const hash = keyHash(apiKey);
  const cached = await cachedModels(agencyName, hash);
  if (cached) return cached;
  const listed = await listKeyModels(apiKey);
  const chat = { ids: listed.ids.filter(isChatModel), shutdowns: Object.fromEntries(Object.entries(listed.shutdowns).filter(([id]) => isChatModel(id))) };
  await storeModels(agencyName, hash, chat).catch((error: unknown) => logger.warn('model list not cached', { error: errorMessage(error) }));
  return chat;
};

/**
 * The shutdown dates a model call decides by: the key's list, or none (the table's dates) when
 * it cannot be read. Never fails the call for it.
 */
export const keyShutdowns = async (agencyName: string | undefined, apiKey: string): Promise<ListedShutdowns | undefined> => {
  if (!agencyName) return undefined;
  try {
    return (await keyModels(agencyName, apiKey)).shutdowns;
  } catch (error) {
    logger.warn('models.list failed; shutdown dates from the product table', { error: errorMessage(error) });
    return undefined;
  }
};

export const availableModelIds = async (agencyName: string): Promise<Available> => {
  const apiKey = await readApiKey(agencyName).catch(() => undefined);
  if (!apiKey) return { source: 'catalog', ids: catalogIds(), shutdowns: {} };
  try {
    return { source: 'account', ...(await keyModels(agencyName, apiKey)) };
  } catch (error) {
    logger.warn('models.list failed; offering the product table', { error: errorMessage(error) });
    return { source: 'catalog', ids: catalogIds(), shutdowns: {} };
  }
};

export const modelChoicesFor = async (agencyName: string, configured: readonly string[] = []): Promise<ModelChoices & { shutdowns: ListedShutdowns }> => {
  const now = productNow();
  const { source, ids, shutdowns } = await availableModelIds(agencyName);
  const models = modelChoices(ids, now, shutdowns);
  // A configured model the list lacks (retired, or not listed) is still shown so the form has its value.
  for (const id of configured) if (!models.some((m) => m.id === id)) models.push(describeModel(id, now, shutdowns));
  return { source, models, shutdowns };
};

/** A saved choice must be a live chat model (and one the key lists, when its list is known). */
export const checkModelChoice = async (agencyName: string, model: string): Promise<void> => {
  const now = productNow();
  const { ids, shutdowns } = await availableModelIds(agencyName);
  if (isRetired(model, now, shutdowns)) {
    throw new BadRequest(`${model} was shut down on ${shutdownOf(model, shutdowns)}: choose another model (its successor is ${successorFor(model, 'thread_summary', now, shutdowns)})`);
  }
  const offered = ids.filter((id) => isChatModel(id) && !isRetired(id, now, shutdowns));
  if (!offered.includes(model)) throw new BadRequest(`model must be one of: ${offered.join(', ')}`);
};

/** What a profile's model becomes today: its successor once it has shut down. */
export const liveModelFor = (model: string, purpose: ModelPurpose, now = productNow(), listed?: ListedShutdowns): string =>
  isRetired(model, now, listed) ? successorFor(model, purpose, now, listed) : model;

