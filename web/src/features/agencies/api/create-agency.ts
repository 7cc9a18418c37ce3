import { useMutation } from '@tanstack/react-query';
import { createAgencyResponse, type CreateAgencyBody, type CreateAgencyResponse } from '../../../../../shared/schemas/identity';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { messages } from '../../../../../shared/messages';

/** Creates the agency; `connect_mailbox` (checked by default) connects the creator's own Gmail to it. */
export const createAgency = async (body: CreateAgencyBody): Promise<CreateAgencyResponse> =>
  parseResponse(createAgencyResponse, await api.post<unknown>('/api/v3/agency', body, { fallback: messages.fallback.createAgency }));

export const useCreateAgency = () => useMutation({ mutationFn: createAgency });
