import type { ModelPurpose } from '../../../../../shared/constants';
import type { ModelChoiceWire, ModelWarning } from '../../../../../shared/schemas/settings';

/** The settings sections edited through GET/POST /api/v3/settings/{path} with a `settings` object. */
export type SettingsSection = 'processing_mode' | 'processing_limits' | 'date_range_processing' | 'health_check';

export type ProcessingModeSettings = {
  incremental_processing_enabled: boolean;
  min_messages_for_incremental: number;
  fallback_on_error: boolean;
};

export type ProcessingLimitsSettings = { /** 0 = unlimited */ oldest_scan_days: number };

export type DateRangeProcessingSettings = { include_full_thread: boolean };

export type HealthCheckSettings = {
  skip_on_startup: boolean;
  skip_on_campaign_creation: boolean;
  skip_on_add_contact: boolean;
  skip_on_import_longlist: boolean;
};

export type SectionSettings = {
  processing_mode: ProcessingModeSettings;
  processing_limits: ProcessingLimitsSettings;
  date_range_processing: DateRangeProcessingSettings;
  health_check: HealthCheckSettings;
};

export type ModelConfiguration = { purpose: ModelPurpose; model: string; temperature: number; max_tokens: number };

export type ModelConfigSettings = {
  configurations: Record<ModelPurpose, ModelConfiguration>;
  /** The models the server offers (the agency key's chat models), marked recommended per purpose. */
  models: ModelChoiceWire[];
  /** Calls moved off a retired or missing model, until someone saves a model for the purpose. */
  warnings: ModelWarning[];
};

/** Every part the screen loads, for keys, error aggregation and save-failure names. */
export type SettingsPart = SettingsSection | 'model_config';
