import { API_KEY_SERVICE } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';

export type ApiKeyValidation = { success?: boolean; valid: boolean; message?: string };

export const validateApiKey = (apiKey: string) =>
  api.post<ApiKeyValidation>('/api/v3/api-keys/validate', { service: API_KEY_SERVICE, api_key: apiKey });
