/**
 * Settings requests (spec sections 3, 5, 9) with their bounds. Each POST changes some fields of
 * one section; unknown fields are refused so a typo never silently does nothing.
 */
import * as z from 'zod';
import { FOLLOW_UP_AFTER_DAYS_RANGE, MIN_MESSAGES_FOR_INCREMENTAL, MODEL_PURPOSES, OLDEST_SCAN_DAYS_MAX } from '../constants';

export const SETTINGS_SECTIONS = [
  'model_config',
  'processing_mode',
  'processing_limits',
  'date_range_processing',
  'health_check',
  'monitoring_config',
] as const;
export type SettingsSectionName = (typeof SETTINGS_SECTIONS)[number];

export const TEMPERATURE_RANGE = { min: 0, max: 2 } as const;
export const MAX_TOKENS_RANGE = { min: 1, max: 32_000 } as const;
export const MONITORING_RANGES = {
  hours_to_check: { min: 1, max: 720 },
  check_interval_minutes: { min: 2, max: 1440 },
  max_duration_minutes: { min: 1, max: 1440 },
} as const;

const bool = (name: string) => z.boolean({ error: `${name} must be true or false` });
const int = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be between ${min} and ${max}` })
    .max(max, { error: `${name} must be between ${min} and ${max}` });

/**
 * A purpose's temperature and token limit: the rule a save must pass, and the rule the web's fields
 * apply before sending (so they refuse with these very messages).
 */
export const temperatureSchema = z
  .number({ error: 'temperature must be a number' })
  .min(TEMPERATURE_RANGE.min, { error: 'temperature must be between 0 and 2' })
  .max(TEMPERATURE_RANGE.max, { error: 'temperature must be between 0 and 2' });
export const maxTokensSchema = int('max_tokens', MAX_TOKENS_RANGE.min, MAX_TOKENS_RANGE.max);

const atLeastOne = <T extends Record<string, unknown>>(value: T) => Object.values(value).some((field) => field !== undefined);
const NOTHING = { error: 'Nothing to update: send at least one setting' };

export const modelConfigBody = z
  .strictObject({
    operation: z.enum(MODEL_PURPOSES, { error: `operation must be one of: ${MODEL_PURPOSES.join(', ')}` }),
    // Any model id the agency's key lists (the server checks it is a live chat model it can use).
    model: z
      .string({ error: 'model must be a model id such as gpt-5.4-mini' })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, { error: 'model must be a model id such as gpt-5.4-mini' })
      .optional(),
    temperature: temperatureSchema.optional(),
    max_tokens: maxTokensSchema.optional(),
  })
  .refine(({ operation: _operation, ...rest }) => atLeastOne(rest), NOTHING);

export const processingModeBody = z
  .strictObject({
    incremental_processing_enabled: bool('incremental_processing_enabled').optional(),
    min_messages_for_incremental: int('min_messages_for_incremental', MIN_MESSAGES_FOR_INCREMENTAL.min, MIN_MESSAGES_FOR_INCREMENTAL.max).optional(),
    fallback_on_error: bool('fallback_on_error').optional(),
  })
  .refine(atLeastOne, NOTHING);

export const processingLimitsBody = z
  .strictObject({
    oldest_scan_days: int('oldest_scan_days', 0, OLDEST_SCAN_DAYS_MAX).optional(),
    follow_up_after_days: int('follow_up_after_days', FOLLOW_UP_AFTER_DAYS_RANGE.min, FOLLOW_UP_AFTER_DAYS_RANGE.max).optional(),
    agency_locale: z
      .string({ error: 'agency_locale must be a locale like en-US or en-GB' })
      .trim()
      .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, { error: 'agency_locale must be a locale like en-US or en-GB' })
      .optional(),
    default_currency: z
      .string({ error: 'default_currency must be a 3-letter currency code' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'default_currency must be a 3-letter currency code' })
      .optional(),
  })
  .refine(atLeastOne, NOTHING);

export const dateRangeProcessingBody = z.strictObject({
  include_full_thread: bool('include_full_thread'),
});

export const healthCheckBody = z
  .strictObject({
    skip_on_startup: bool('skip_on_startup').optional(),
    skip_on_campaign_creation: bool('skip_on_campaign_creation').optional(),
    skip_on_add_contact: bool('skip_on_add_contact').optional(),
    skip_on_import_longlist: bool('skip_on_import_longlist').optional(),
  })
  .refine(atLeastOne, NOTHING);

export const monitoringConfigBody = z
  .strictObject({
    hours_to_check: int('hours_to_check', MONITORING_RANGES.hours_to_check.min, MONITORING_RANGES.hours_to_check.max).optional(),
    check_interval_minutes: int('check_interval_minutes', MONITORING_RANGES.check_interval_minutes.min, MONITORING_RANGES.check_interval_minutes.max).optional(),
    max_duration_minutes: int('max_duration_minutes', MONITORING_RANGES.max_duration_minutes.min, MONITORING_RANGES.max_duration_minutes.max).optional(),
  })
  .refine(atLeastOne, NOTHING);

export const resetBody = z.strictObject({
  config_type: z.enum(['all', ...SETTINGS_SECTIONS], { error: `config_type must be "all" or one of: ${SETTINGS_SECTIONS.join(', ')}` }),
});

export const SETTINGS_PROFILES = ['economy', 'balanced', 'quality'] as const;
export type SettingsProfile = (typeof SETTINGS_PROFILES)[number];

export const applyProfileBody = z.strictObject({
  profile: z.enum(SETTINGS_PROFILES, { error: `profile must be one of: ${SETTINGS_PROFILES.join(', ')}` }),
});

/** A call for a purpose moved off its model (shut down, or 404 model_not_found): shown until someone saves a model for it. */
export const modelWarning = z.object({
  purpose: z.enum(MODEL_PURPOSES),
  old_model: z.string(),
  new_model: z.string(),
  reason: z.enum(['retired', 'not_found']),
  since: z.string(),
});
export type ModelWarning = z.output<typeof modelWarning>;

export const modelChoice = z.object({
  id: z.string(),
  family: z.string(),
  recommended_for: z.array(z.enum(MODEL_PURPOSES)),
  shutdown_on: z.string().nullable(),
  successor: z.string().nullable(),
  retired: z.boolean(),
});
export type ModelChoiceWire = z.output<typeof modelChoice>;

export const modelConfiguration = z.object({
  purpose: z.enum(MODEL_PURPOSES),
  model: z.string(),
  temperature: z.number(),
  max_tokens: z.number(),
  recommended: z.boolean(),
  shutdown_on: z.string().nullable(),
  successor: z.string().nullable(),
});
export type ModelConfigurationJson = z.output<typeof modelConfiguration>;

const perPurpose = <S extends z.ZodType>(schema: S) =>
  z.object(Object.fromEntries(MODEL_PURPOSES.map((p) => [p, schema])) as Record<(typeof MODEL_PURPOSES)[number], S>);

export const modelConfigurations = perPurpose(modelConfiguration);

/** GET /api/v3/settings/model-config: the spec's configurations, plus the choices the key offers and warnings. */
export const modelConfigResponse = z.object({
  success: z.literal(true),
  configurations: modelConfigurations,
  /** the models offered, as objects: the web lists exactly these (it keeps no list of its own) */
  models: z.array(modelChoice),
  /** account: the key's models.list; catalog: the product's table (no key, or the list failed) */
  models_source: z.enum(['account', 'catalog']),
  model_warnings: z.array(modelWarning),
});
export type ModelConfigResponse = z.output<typeof modelConfigResponse>;

/** POST /api/v3/settings/model-config: the purpose's configuration as saved. */
export const modelConfigSetResponse = z.object({ success: z.literal(true), configuration: modelConfiguration });

/** POST /api/v3/settings/apply-profile: every purpose's configuration after the profile. */
export const applyProfileResponse = z.object({ success: z.literal(true), profile: z.enum(SETTINGS_PROFILES), configurations: modelConfigurations });

// Each section as stored and answered: the defaults with the agency's changes over them.
export const processingModeSettings = z.object({
  incremental_processing_enabled: z.boolean(),
  min_messages_for_incremental: z.number().int(),
  fallback_on_error: z.boolean(),
});
export const processingLimitsSettings = z.object({
  /** 0 = unlimited */
  oldest_scan_days: z.number().int(),
  follow_up_after_days: z.number().int(),
  agency_locale: z.string(),
  default_currency: z.string(),
});
export const dateRangeProcessingSettings = z.object({ include_full_thread: z.boolean() });
export const healthCheckSettings = z.object({
  skip_on_startup: z.boolean(),
  skip_on_campaign_creation: z.boolean(),
  skip_on_add_contact: z.boolean(),
  skip_on_import_longlist: z.boolean(),
});
export const monitoringSettings = z.object({ hours_to_check: z.number().int(), check_interval_minutes: z.number().int(), max_duration_minutes: z.number().int() });
/** model_config as stored in the settings (GET model-config adds the offered models and warnings). */
export const storedModelConfig = perPurpose(z.object({ purpose: z.string(), model: z.string(), temperature: z.number(), max_tokens: z.number(), recommended: z.boolean() }));

export const SECTION_SCHEMAS = {
  model_config: storedModelConfig,
  processing_mode: processingModeSettings,
  processing_limits: processingLimitsSettings,
  date_range_processing: dateRangeProcessingSettings,
  health_check: healthCheckSettings,
  monitoring_config: monitoringSettings,
} as const satisfies Record<SettingsSectionName, z.ZodType>;
export type SectionSettingsJson = { [K in SettingsSectionName]: z.output<(typeof SECTION_SCHEMAS)[K]> };

export const settingsJson = z.object(SECTION_SCHEMAS);

/** GET and POST /api/v3/settings/<section>: the whole section (after the change, for a POST). */
export const sectionResponse = <K extends SettingsSectionName>(section: K): z.ZodType<{ success: true; settings: SectionSettingsJson[K] }> =>
  z.object({ success: z.literal(true), settings: SECTION_SCHEMAS[section] }) as never;

/** GET /api/v3/settings/defaults: the spec's defaults of every section. */
export const settingsDefaultsResponse = z.object({ success: z.literal(true), defaults: settingsJson });

/** POST /api/v3/settings/reset: every section after the reset. */
export const settingsResetResponse = z.object({ success: z.literal(true), message: z.string(), settings: settingsJson });

/**
 * How long the audit log keeps an event (issue 26; not in spec): owners only, from 30 days to
 * 10 years, 400 days unless an owner changes it. Kept apart from the sections above, so a reset
 * or a profile never shortens it.
 */
export const AUDIT_RETENTION_DAYS = { min: 30, max: 3650, default: 400 } as const;
export const auditRetentionBody = z.strictObject({
  retention_days: int('retention_days', AUDIT_RETENTION_DAYS.min, AUDIT_RETENTION_DAYS.max),
});
/** GET and POST /api/v3/settings/audit-retention: the retention in force. */
export const auditRetentionResponse = z.object({ success: z.literal(true), retention_days: z.number().int() });
