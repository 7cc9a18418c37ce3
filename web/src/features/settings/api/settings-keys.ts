import type { SettingsSection } from './settings-types';

export const settingsKeys = {
  all: ['settings'] as const,
  modelConfig: () => [...settingsKeys.all, 'model_config'] as const,
  section: (section: SettingsSection) => [...settingsKeys.all, section] as const,
};
