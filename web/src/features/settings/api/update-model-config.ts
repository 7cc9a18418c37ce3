import type { ModelPurpose } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { modelConfigSetResponse } from '../../../../../shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { useOptimisticSave } from '../lib/use-optimistic-save';
import { settingsKeys } from './settings-keys';
import type { ModelConfigSettings, ModelConfiguration } from './settings-types';

export type ModelConfigInput = { operation: ModelPurpose; model: string; temperature: number; max_tokens: number };

/** Saves one purpose's configuration; `operation` names the purpose. */
export const updateModelConfig = async (input: ModelConfigInput): Promise<ModelConfiguration> =>
  parseResponse(modelConfigSetResponse, await api.post<unknown>('/api/v3/settings/model-config', input)).configuration;

export type ModelConfigChange = Partial<Pick<ModelConfiguration, 'model' | 'temperature' | 'max_tokens'>>;

export const withModelChange = (data: ModelConfigSettings, purpose: ModelPurpose, change: ModelConfigChange): ModelConfigSettings => ({
  ...data,
  configurations: { ...data.configurations, [purpose]: { ...data.configurations[purpose], ...change } },
});

/** Optimistic, debounced saves of one purpose; the POST always carries the whole configuration. */
export const useModelConfigSaver = (purpose: ModelPurpose) =>
  useOptimisticSave<ModelConfigSettings, ModelConfigChange>({
    queryKey: settingsKeys.modelConfig(),
    apply: (data, change) => withModelChange(data, purpose, change),
    fields: (data) => data.configurations[purpose],
    save: async (_changes, current) => {
      const { model, temperature, max_tokens } = current.configurations[purpose];
      const saved = await updateModelConfig({ operation: purpose, model, temperature, max_tokens });
      return { model: saved.model, temperature: saved.temperature, max_tokens: saved.max_tokens };
    },
    sectionName: messages.settings.saveSectionNames.model_config,
  });
