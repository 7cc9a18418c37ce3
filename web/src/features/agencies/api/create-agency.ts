import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type CreatedAgency = { name: string; display_name: string };

export const createAgency = async (name: string) => {
  const response = await api.post<{ agency: CreatedAgency }>('/api/v3/agency', { name });
  return response.agency;
};

export const useCreateAgency = () => useMutation({ mutationFn: createAgency });
