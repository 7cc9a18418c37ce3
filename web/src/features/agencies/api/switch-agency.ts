import { useMutation } from '@tanstack/react-query';
import { switchAgencyResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export const switchAgency = async (agencyName: string) =>
  parseResponse(switchAgencyResponse, await api.post<unknown>('/api/v3/agency/switch', { agency_name: agencyName }));

export const useSwitchAgency = () => useMutation({ mutationFn: switchAgency });
