import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsResetResponse } from '../../../../../shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { settingsKeys } from './settings-keys';
import type { SettingsPart } from './settings-types';

export type ResetTarget = 'all' | SettingsPart;

export const resetSettings = async (configType: ResetTarget = 'all') =>
  parseResponse(settingsResetResponse, await api.post<unknown>('/api/v3/settings/reset', { config_type: configType }));

export const useResetSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => resetSettings('all'),
    // Drops the local copies (so no stale value flashes) and refetches what the screen shows.
    onSuccess: () => client.resetQueries({ queryKey: settingsKeys.all }),
  });
};
