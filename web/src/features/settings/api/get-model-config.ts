import { queryOptions, useQuery } from '@tanstack/react-query';
import { MODEL_DEFAULTS, MODEL_PURPOSES, type ModelPurpose } from '../../../../../shared/constants';
import { modelConfigResponse } from '../../../../../shared/schemas/settings';
import { parseResponse } from '../../../lib/parse-response';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';
import type { ModelConfigSettings, ModelConfiguration } from './settings-types';

type RawConfig = Partial<Omit<ModelConfiguration, 'purpose'>> & { purpose?: string };

export const normalizeModelConfiguration = (purpose: ModelPurpose, raw: RawConfig | undefined): ModelConfiguration => {
  const fallback = MODEL_DEFAULTS[purpose];
  return {
    purpose,
    model: raw?.model || fallback.model,
    temperature: typeof raw?.temperature === 'number' ? raw.temperature : fallback.temperature,
    max_tokens: typeof raw?.max_tokens === 'number' ? raw.max_tokens : fallback.max_tokens,
  };
};

/** The server's answer read through its shared schema: its model list is the one offered (no list of our own). */
export const normalizeModelConfig = (raw: unknown): ModelConfigSettings => {
  const parsed = parseResponse(modelConfigResponse, raw);
  const configurations = Object.fromEntries(
    MODEL_PURPOSES.map((purpose) => [purpose, normalizeModelConfiguration(purpose, parsed.configurations[purpose])]),
  ) as Record<ModelPurpose, ModelConfiguration>;
  return { configurations, models: parsed.models, warnings: parsed.model_warnings };
};

export const getModelConfig = async ({ signal }: { signal?: AbortSignal } = {}): Promise<ModelConfigSettings> =>
  normalizeModelConfig(await api.get<unknown>('/api/v3/settings/model-config', { signal }));

export const modelConfigQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.modelConfig(), queryFn: ({ signal }) => getModelConfig({ signal }) });

export const useModelConfig = () => useQuery(modelConfigQueryOptions());
