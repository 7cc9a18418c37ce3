import type { ModelPurpose } from '../../../../../shared/constants';
import type { ModelChoiceWire, ModelConfigurationJson, ModelWarning, SectionSettingsJson } from '../../../../../shared/schemas/settings';

/** The settings sections edited through GET/POST /api/v3/settings/{path} with a `settings` object. */
export type SettingsSection = 'processing_mode' | 'processing_limits' | 'date_range_processing' | 'health_check' | 'monitoring_config';

/** Each section as the server answers it (shared/schemas/settings.ts). */
export type SectionSettings = Pick<SectionSettingsJson, SettingsSection>;
export type HealthCheckSettings = SectionSettings['health_check'];
export type ProcessingLimitsSettings = SectionSettings['processing_limits'];
export type MonitoringSettings = SectionSettings['monitoring_config'];

export type ModelConfiguration = ModelConfigurationJson;

export type ModelConfigSettings = {
  configurations: Record<ModelPurpose, ModelConfiguration>;
  /** The models the server offers (the agency key's chat models), marked recommended per purpose. */
  models: ModelChoiceWire[];
  /** Calls moved off a retired or missing model, until someone saves a model for the purpose. */
  warnings: ModelWarning[];
};

/** Every part the screen loads, for keys, error aggregation and save-failure names. */
export type SettingsPart = SettingsSection | 'model_config';
