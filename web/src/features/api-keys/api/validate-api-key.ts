import { API_KEY_SERVICE } from '../../../../../shared/constants';
import { apiKeyValidateResponse, type ApiKeyValidateResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export type ApiKeyValidation = ApiKeyValidateResponse;

export const validateApiKey = async (apiKey: string): Promise<ApiKeyValidation> =>
  parseResponse(apiKeyValidateResponse, await api.post<unknown>('/api/v3/api-keys/validate', { service: API_KEY_SERVICE, api_key: apiKey }));
