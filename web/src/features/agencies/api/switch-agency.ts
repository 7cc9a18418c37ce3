import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const switchAgency = (agencyName: string) =>
  api.post<{ success: boolean }>('/api/v3/agency/switch', { agency_name: agencyName });

export const useSwitchAgency = () => useMutation({ mutationFn: switchAgency });
