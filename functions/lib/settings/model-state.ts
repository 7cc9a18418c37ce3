import type { EntityItem } from 'electrodb';
import { MODEL_PURPOSES, type ModelPurpose } from '../../../shared/constants';
import { modelStateEntity } from '../store/entities/model-state';
import { nowIso } from '../store/keys';

/**
 * Per agency, beside its settings: the model ids its OpenAI key can use (cached a day, so the
 * settings screen does not list models on every open) and the warnings left when a call for a
 * purpose had to move off a retired or missing model. A warning stays until someone saves a
 * model choice for that purpose.
 */
export const MODEL_LIST_TTL_MS = 24 * 60 * 60 * 1000;

export type ModelWarning = {
  purpose: ModelPurpose;
  old_model: string;
  new_model: string;
  /** retired: past its shutdown date by the product's table; not_found: the API answered 404 model_not_found */
  reason: 'retired' | 'not_found';
  since: string;
};

type State = Partial<EntityItem<typeof modelStateEntity>>;

const readState = async (agencyName: string): Promise<State> => (await modelStateEntity.get({ agencyName }).go()).data ?? {};

export const readModelWarnings = async (agencyName: string): Promise<ModelWarning[]> => {
  const warnings = (await readState(agencyName)).warnings ?? {};
  return MODEL_PURPOSES.flatMap((purpose) => (warnings[purpose] ? [warnings[purpose]] : []));
};

/** Records (or keeps) the warning for a purpose; the first replacement's date is kept. */
export const recordModelWarning = async (agencyName: string, warning: Omit<ModelWarning, 'since'>): Promise<void> => {
  const state = await readState(agencyName);
  const current = state.warnings?.[warning.purpose];
  if (current && current.old_model === warning.old_model && current.new_model === warning.new_model) return;
  const warnings = { ...(state.warnings ?? {}), [warning.purpose]: { ...warning, since: current?.since ?? nowIso() } };
  await modelStateEntity.patch({ agencyName }).set({ warnings, updatedAt: nowIso() }).go({ response: 'none' }).catch(async () => {
    await modelStateEntity.put({ agencyName, warnings, updatedAt: nowIso() }).go({ response: 'none' });
  });
};

/** A model choice was saved for these purposes: their warnings end. */
export const clearModelWarnings = async (agencyName: string, purposes: readonly ModelPurpose[]): Promise<void> => {
  const state = await readState(agencyName);
  if (!state.warnings || !purposes.some((p) => state.warnings?.[p])) return;
  const warnings = { ...state.warnings };
  for (const purpose of purposes) delete warnings[purpose];
  await modelStateEntity.patch({ agencyName }).set({ warnings, updatedAt: nowIso() }).go({ response: 'none' });
};

export type CachedModels = { ids: string[]; shutdowns: Record<string, string | null> };

/** The cached model list when fresh (younger than a day), else undefined. */
export const cachedModels = async (agencyName: string, keyHash: string, now = Date.now()): Promise<CachedModels | undefined> => {
  const state = await readState(agencyName);
  if (!state.modelIds || !state.modelIdsAt || state.modelIdsKey !== keyHash) return undefined;
  if (now - Date.parse(state.modelIdsAt) >= MODEL_LIST_TTL_MS) return undefined;
  return { ids: state.modelIds, shutdowns: (state.modelShutdowns ?? {}) as Record<string, string | null> };
};

export const storeModels = async (agencyName: string, keyHash: string, models: CachedModels): Promise<void> => {
  const at = nowIso();
  const fields = { modelIds: models.ids, modelShutdowns: models.shutdowns, modelIdsAt: at, modelIdsKey: keyHash, updatedAt: at };
  await modelStateEntity.patch({ agencyName }).set(fields).go({ response: 'none' }).catch(async () => {
    await modelStateEntity.put({ agencyName, ...fields }).go({ response: 'none' });
  });
};

