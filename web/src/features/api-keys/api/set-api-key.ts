import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEY_SERVICE } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { messageResponse } from '../../../../../shared/schemas/identity';
import { ApiError, api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { apiKeyKeys } from './api-key-keys';
import { validateApiKey } from './validate-api-key';

export const setApiKey = async (apiKey: string) =>
  parseResponse(messageResponse, await api.post<unknown>('/api/v3/api-keys/set', { service: API_KEY_SERVICE, api_key: apiKey }));

/** The server checks the key with the provider first; only a valid key is saved. */
export const validateAndSaveApiKey = async (apiKey: string) => {
  const result = await validateApiKey(apiKey);
  if (!result.valid) throw new ApiError(400, result.message || messages.apiKey.validation.serverDefault, result);
  return setApiKey(apiKey);
};

export const useSaveApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateAndSaveApiKey,
    // The startup gate re-checks the key status after a save.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.status() }),
  });
};
