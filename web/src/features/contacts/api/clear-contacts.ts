import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearContactsResponse, type ClearContactsResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { campaignKeys } from '../../campaigns/api/campaign-keys';
import { contactKeys } from './contact-keys';
import { parseResponse } from '../../../lib/parse-response';

/** Removes every contact of the agency (no screen offers it yet). */
export const clearContacts = async (): Promise<ClearContactsResponse> =>
  parseResponse(clearContactsResponse, await api.post<unknown>('/api/campaigns/contacts/clear', { confirm: true }));

export const useClearContacts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearContacts,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.tracking() });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list() });
    },
  });
};
