import { MODEL_DEFAULTS, MODEL_PURPOSES, type ModelPurpose } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import type { SettingsProfile, SettingsSectionName } from '../../../shared/schemas/settings';
import { PROFILE_MODELS } from '../../../shared/settings-profiles';
import { recordAudit } from '../audit/record';
import { settingsChanges } from '../audit/settings-changes';
import { Conflict } from '../http/errors';
import { requireOwner } from '../identity/roles';
import { isConditionalFailure } from '../store/conditional-write';
import type { AgencyScope } from '../session/resolve';
import { nowIso } from '../store/keys';
import { settingsEntity } from '../store/entities/settings';
import { readSettings, SETTINGS_DEFAULTS, type Settings, type SettingsOverrides } from './store';
import { shutdownOf, successorFor, type ListedShutdowns } from '../../../shared/model-catalog';
import { productNow } from '../ai/clock';
import { checkModelChoice, liveModelFor } from './model-choices';
import { clearModelWarnings } from './model-state';
import { recordMonitoringConfig } from '../processing/monitor-registry';

type Overrides = SettingsOverrides;
/** The fields of one section a save may change (what its stored override holds). */
export type SectionChange<S extends SettingsSectionName> = NonNullable<Overrides[S]>;

const MAX_ATTEMPTS = 8;
/** Before attempt n (n ≥ 1) a random pause of up to n × this, so racing saves spread out. */
const RETRY_SPREAD_MS = 25;

/** A save names only what changes: a field sent as undefined keeps its stored value. */
const definedFields = <T extends object>(fields: T): Partial<T> => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Read-modify-write of the agency's overrides with a version check, so two people saving
 * different sections at once never lose each other's change (no transactions needed). A save
 * that keeps losing the race answers 409 with a clear message, never 500.
 */
const updateOverrides = async (scope: AgencyScope, change: (current: Overrides) => Overrides): Promise<Settings> => {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await pause(Math.random() * attempt * RETRY_SPREAD_MS);
    const { data } = await settingsEntity.get({ agencyName: scope.agencyName }).go();
    const current = data?.overrides ?? {};
    const version = data?.version ?? 0;
    const next = change(structuredClone(current));
    try {
      await settingsEntity
        .put({ agencyName: scope.agencyName, overrides: next, version: version + 1, updatedAt: nowIso(), updatedBy: scope.email })
        .where((attr, op) => (data ? op.eq(attr.version, version) : op.notExists(attr.agencyName)))
        .go({ response: 'none' });
      const saved = await readSettings(scope);
      await recordMonitoringConfig(scope.agencyName, saved.monitoring_config);
      return saved;
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }
  throw new Conflict(messages.limits.settingsConflict);
};

export const updateSection = async <S extends SettingsSectionName>(scope: AgencyScope, section: S, fields: SectionChange<S>): Promise<Settings[S]> => {
  const defined = definedFields(fields);
  const before = await readSettings(scope);
  const settings = await updateOverrides(scope, (current) => ({ ...current, [section]: { ...current[section], ...defined } }));
  await recordAudit(scope, { kind: 'settings.change', target: section, changes: settingsChanges(before, settings, [section]) });
  return settings[section];
};

export const updateModelConfig = async (scope: AgencyScope, purpose: ModelPurpose, fields: NonNullable<SectionChange<'model_config'>[ModelPurpose]>) => {
  const defined = definedFields(fields);
  if (fields.model !== undefined) await checkModelChoice(scope.agencyName, fields.model);
  const before = await readSettings(scope);
  const settings = await updateOverrides(scope, (current) => {
    const models = current.model_config ?? {};
    return { ...current, model_config: { ...models, [purpose]: { ...models[purpose], ...defined } } };
  });
  // Someone chose a model for this purpose: a replacement warning about it has been answered.
  if (fields.model !== undefined) await clearModelWarnings(scope.agencyName, [purpose]);
  await recordAudit(scope, { kind: 'settings.change', target: 'model_config', changes: settingsChanges(before, settings, ['model_config']) });
  return modelConfiguration(settings, purpose);
};

export const resetSettings = async (scope: AgencyScope, configType: 'all' | SettingsSectionName): Promise<Settings> => {
  requireOwner(scope, messages.roles.ownerOnly.resetSettings);
  const before = await readSettings(scope);
  const settings = await updateOverrides(scope, (current) => {
    if (configType === 'all') return {};
    const { [configType]: _dropped, ...rest } = current;
    return rest;
  });
  await recordAudit(scope, { kind: 'settings.reset', target: configType, changes: settingsChanges(before, settings) });
  return settings;
};

export const applyProfile = async (scope: AgencyScope, profile: SettingsProfile) => {
  const before = await readSettings(scope);
  const settings = await updateOverrides(scope, (current) => {
    const models = { ...current.model_config };
    for (const purpose of MODEL_PURPOSES) models[purpose] = { ...models[purpose], model: liveModelFor(PROFILE_MODELS[profile][purpose], purpose) };
    return { ...current, model_config: models };
  });
  await clearModelWarnings(scope.agencyName, MODEL_PURPOSES);
  await recordAudit(scope, { kind: 'settings.profile', target: profile, changes: settingsChanges(before, settings, ['model_config']) });
  return modelConfigurations(settings);
};

/**
 * One purpose's configuration, with what will change and when: its model's shutdown day (the
 * key's model list, else the product's table) and the model used for the purpose from that day.
 */
export const modelConfiguration = (settings: Settings, purpose: ModelPurpose, listed?: ListedShutdowns) => {
  const config = settings.model_config[purpose];
  const shutdown = shutdownOf(config.model, listed);
  const from = shutdown === null ? undefined : Math.max(productNow(), Date.parse(`${shutdown}T00:00:00Z`));
  return {
    purpose,
    model: config.model,
    temperature: config.temperature,
    max_tokens: config.max_tokens,
    recommended: MODEL_DEFAULTS[purpose].recommended && config.model === MODEL_DEFAULTS[purpose].model,
    shutdown_on: shutdown,
    successor: from === undefined ? null : successorFor(config.model, purpose, from, listed),
  };
};

export const modelConfigurations = (settings: Settings, listed?: ListedShutdowns) =>
  Object.fromEntries(MODEL_PURPOSES.map((purpose) => [purpose, modelConfiguration(settings, purpose, listed)])) as Record<ModelPurpose, ReturnType<typeof modelConfiguration>>;

export const settingsDefaults = () => SETTINGS_DEFAULTS;
