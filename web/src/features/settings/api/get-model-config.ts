import { queryOptions, useQuery } from '@tanstack/react-query';
import { MODEL_CHOICES, MODEL_DEFAULTS, MODEL_PURPOSES, type ModelPurpose } from '../../../../../shared/constants';
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

export const normalizeModelConfig = (raw: {
  configurations?: Partial<Record<string, RawConfig>>;
  models?: unknown;
}): ModelConfigSettings => {
  const models = Array.isArray(raw.models) ? raw.models.filter((model): model is string => typeof model === 'string') : [];
  const configurations = Object.fromEntries(
    MODEL_PURPOSES.map((purpose) => [purpose, normalizeModelConfiguration(purpose, raw.configurations?.[purpose])]),
  ) as Record<ModelPurpose, ModelConfiguration>;
  return { configurations, models: models.length > 0 ? models : [...MODEL_CHOICES] };
};

export const getModelConfig = async ({ signal }: { signal?: AbortSignal } = {}): Promise<ModelConfigSettings> =>
  normalizeModelConfig((await api.get<Parameters<typeof normalizeModelConfig>[0]>('/api/v3/settings/model-config', { signal })) ?? {});

export const modelConfigQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.modelConfig(), queryFn: ({ signal }) => getModelConfig({ signal }) });

export const useModelConfig = () => useQuery(modelConfigQueryOptions());
