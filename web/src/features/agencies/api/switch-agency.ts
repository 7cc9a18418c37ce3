import { useMutation } from '@tanstack/react-query';
import { switchAgencyResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { messages } from '../../../../../shared/messages';

export const switchAgency = async (agencyName: string) =>
  parseResponse(switchAgencyResponse, await api.post<unknown>('/api/v3/agency/switch', { agency_name: agencyName }, { fallback: messages.fallback.switchAgency }));

export const useSwitchAgency = () => useMutation({ mutationFn: switchAgency });
