import type { EntityItem } from 'electrodb';
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
import type { AgencyScope } from '../session/resolve';
import { settingsEntity } from '../store/entities/settings';

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
