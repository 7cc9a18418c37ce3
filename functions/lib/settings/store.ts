import { Entity, type EntityItem } from 'electrodb';
import {
  AGENCY_LOCALE_DEFAULT,
  DATE_RANGE_PROCESSING_DEFAULTS,
  DEFAULT_CURRENCY_DEFAULT,
  FOLLOW_UP_AFTER_DAYS_DEFAULT,
  HEALTH_CHECK_DEFAULTS,
  MODEL_DEFAULTS,
  MONITORING_DEFAULTS,
  OLDEST_SCAN_DAYS_DEFAULT,
  PROCESSING_MODE_DEFAULTS,
} from '../../../shared/constants';
import { storeConfig } from '../store/client';
import type { AgencyScope } from '../session/resolve';
import { AGENCY_PARTITION } from '../store/keys';

/** The spec's defaults (section 9), per settings section. */
export const SETTINGS_DEFAULTS = {
  model_config: MODEL_DEFAULTS,
  processing_mode: PROCESSING_MODE_DEFAULTS,
  processing_limits: {
    oldest_scan_days: OLDEST_SCAN_DAYS_DEFAULT,
    follow_up_after_days: FOLLOW_UP_AFTER_DAYS_DEFAULT,
    agency_locale: AGENCY_LOCALE_DEFAULT,
    default_currency: DEFAULT_CURRENCY_DEFAULT,
  },
  date_range_processing: DATE_RANGE_PROCESSING_DEFAULTS,
  health_check: HEALTH_CHECK_DEFAULTS,
  monitoring_config: MONITORING_DEFAULTS,
} as const;

export type SettingsSection = keyof typeof SETTINGS_DEFAULTS;
type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : T[K] extends number ? number : T[K] extends boolean ? boolean : Widen<T[K]> };
export type Settings = { [K in SettingsSection]: Widen<(typeof SETTINGS_DEFAULTS)[K]> };

/** One purpose's model choice as saved: only the fields someone changed. */
const modelOverride = {
  type: 'map',
  properties: { model: { type: 'string' }, temperature: { type: 'number' }, max_tokens: { type: 'number' } },
} as const;

/**
 * What an agency changed, by section and field (the same names as SETTINGS_DEFAULTS; a unit test
 * holds the two together). ElectroDB keeps only the properties named here, on write and on read.
 */
const overridesAttribute = {
  type: 'map',
  properties: {
    model_config: {
      type: 'map',
      properties: {
        thread_summary: modelOverride,
        individual_message_summary: modelOverride,
        date_validation: modelOverride,
        campaign_aggregation: modelOverride,
      },
    },
    processing_mode: {
      type: 'map',
      properties: { incremental_processing_enabled: { type: 'boolean' }, min_messages_for_incremental: { type: 'number' }, fallback_on_error: { type: 'boolean' } },
    },
    processing_limits: {
      type: 'map',
      properties: { oldest_scan_days: { type: 'number' }, follow_up_after_days: { type: 'number' }, agency_locale: { type: 'string' }, default_currency: { type: 'string' } },
    },
    date_range_processing: { type: 'map', properties: { include_full_thread: { type: 'boolean' } } },
    health_check: {
      type: 'map',
      properties: {
        skip_on_startup: { type: 'boolean' },
        skip_on_campaign_creation: { type: 'boolean' },
        skip_on_add_contact: { type: 'boolean' },
        skip_on_import_longlist: { type: 'boolean' },
      },
    },
    monitoring_config: {
      type: 'map',
      properties: { hours_to_check: { type: 'number' }, check_interval_minutes: { type: 'number' }, max_duration_minutes: { type: 'number' } },
    },
  },
  default: () => ({}),
} as const;

/** `AGENCY#a / SETTINGS`: only what the agency changed is stored; reads merge it over the defaults. */
export const settingsEntity = new Entity(
  {
    model: { entity: 'settings', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      overrides: overridesAttribute,
      /** bumped on every write; writes are conditional on the version they read */
      version: { type: 'number', default: 0 },
      updatedAt: { type: 'string' },
      updatedBy: { type: 'string' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: [], template: 'SETTINGS', casing: 'none' },
      },
    },
  },
  storeConfig,
);

const merge = (defaults: unknown, override: unknown): unknown => {
  if (typeof defaults !== 'object' || defaults === null || Array.isArray(defaults)) return override ?? defaults;
  const result: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  if (typeof override === 'object' && override !== null) {
    for (const [key, value] of Object.entries(override as Record<string, unknown>)) {
      if (key in result) result[key] = merge(result[key], value);
    }
  }
  return result;
};

/** Which agency a read settings object belongs to (the model caller records its warnings there). */
const settingsOwner = new WeakMap<Settings, string>();
export const agencyOfSettings = (settings: Settings): string | undefined => settingsOwner.get(settings);

export type SettingsOverrides = NonNullable<EntityItem<typeof settingsEntity>['overrides']>;

export const readSettings = async (scope: Pick<AgencyScope, 'agencyName'>): Promise<Settings> => {
  const { data } = await settingsEntity.get({ agencyName: scope.agencyName }).go();
  const settings = merge(SETTINGS_DEFAULTS, data?.overrides ?? {}) as Settings;
  settingsOwner.set(settings, scope.agencyName);
  return settings;
};
