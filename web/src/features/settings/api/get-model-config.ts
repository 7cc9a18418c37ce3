import { queryOptions, useQuery } from '@tanstack/react-query';
import { modelConfigResponse } from '../../../../../shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { settingsKeys } from './settings-keys';
import type { ModelConfigSettings } from './settings-types';

/** The server's answer read through its shared schema: its model objects are the ones offered (no list of our own). */
export const readModelConfig = (raw: unknown): ModelConfigSettings => {
  const { configurations, models, model_warnings: warnings } = parseResponse(modelConfigResponse, raw);
  return { configurations, models, warnings };
};

export const getModelConfig = async ({ signal }: { signal?: AbortSignal } = {}): Promise<ModelConfigSettings> =>
  readModelConfig(await api.get<unknown>('/api/v3/settings/model-config', { signal }));

export const modelConfigQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.modelConfig(), queryFn: ({ signal }) => getModelConfig({ signal }) });

export const useModelConfig = () => useQuery(modelConfigQueryOptions());
