import { MODEL_CHOICES, MODEL_DEFAULTS, MODEL_PURPOSES, type ModelPurpose } from '../../../shared/constants';
import type { SettingsProfile, SettingsSectionName } from '../../../shared/schemas/settings';
import { PROFILE_MODELS } from '../../../shared/settings-profiles';
import { isConditionalFailure } from '../identity/store-errors';
import type { AgencyScope } from '../session/resolve';
import { nowIso } from '../store/keys';
import { readSettings, SETTINGS_DEFAULTS, settingsEntity, type Settings } from './store';

type Overrides = Partial<Record<SettingsSectionName, Record<string, unknown>>>;

const MAX_ATTEMPTS = 5;

/**
 * Read-modify-write of the agency's overrides with a version check, so two people saving
 * different sections at once never lose each other's change (no transactions needed).
 */
const updateOverrides = async (scope: AgencyScope, change: (current: Overrides) => Overrides): Promise<Settings> => {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const { data } = await settingsEntity().get({ agencyName: scope.agencyName }).go();
    const current = (data?.overrides ?? {}) as Overrides;
    const version = (data as { version?: number } | null)?.version ?? 0;
    const next = change(structuredClone(current));
    try {
      await settingsEntity()
        .put({ agencyName: scope.agencyName, overrides: next, version: version + 1, updatedAt: nowIso(), updatedBy: scope.email })
        .where((attr, op) => (data ? op.eq(attr.version, version) : op.notExists(attr.agencyName)))
        .go({ response: 'none' });
      return readSettings(scope);
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }
  throw Object.assign(new Error('Settings changed too often at once; try again'), { name: 'Transient' });
};

export const updateSection = async <S extends SettingsSectionName>(scope: AgencyScope, section: S, fields: Record<string, unknown>): Promise<Settings[S]> => {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const settings = await updateOverrides(scope, (current) => ({ ...current, [section]: { ...(current[section] ?? {}), ...defined } }));
  return settings[section];
};

export const updateModelConfig = async (scope: AgencyScope, purpose: ModelPurpose, fields: { model?: string; temperature?: number; max_tokens?: number }) => {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const settings = await updateOverrides(scope, (current) => {
    const models = (current.model_config ?? {}) as Record<string, Record<string, unknown>>;
    return { ...current, model_config: { ...models, [purpose]: { ...(models[purpose] ?? {}), ...defined } } };
  });
  return modelConfiguration(settings, purpose);
};

export const resetSettings = async (scope: AgencyScope, configType: 'all' | SettingsSectionName): Promise<Settings> =>
  updateOverrides(scope, (current) => {
    if (configType === 'all') return {};
    const { [configType]: _dropped, ...rest } = current;
    return rest;
  });

export const applyProfile = async (scope: AgencyScope, profile: SettingsProfile) => {
  const settings = await updateOverrides(scope, (current) => {
    const models = { ...((current.model_config ?? {}) as Record<string, Record<string, unknown>>) };
    for (const purpose of MODEL_PURPOSES) models[purpose] = { ...(models[purpose] ?? {}), model: PROFILE_MODELS[profile][purpose] };
    return { ...current, model_config: models };
  });
  return modelConfigurations(settings);
};

export const modelConfiguration = (settings: Settings, purpose: ModelPurpose) => {
  const config = settings.model_config[purpose];
  return { purpose, model: config.model, temperature: config.temperature, max_tokens: config.max_tokens, recommended: MODEL_DEFAULTS[purpose].recommended && config.model === MODEL_DEFAULTS[purpose].model };
};

export const modelConfigurations = (settings: Settings) =>
  Object.fromEntries(MODEL_PURPOSES.map((purpose) => [purpose, modelConfiguration(settings, purpose)])) as Record<ModelPurpose, ReturnType<typeof modelConfiguration>>;

export const MODELS = MODEL_CHOICES.map((model) => ({
  id: model,
  recommended_for: MODEL_PURPOSES.filter((purpose) => MODEL_DEFAULTS[purpose].recommended && MODEL_DEFAULTS[purpose].model === model),
}));

export const settingsDefaults = () => SETTINGS_DEFAULTS;
