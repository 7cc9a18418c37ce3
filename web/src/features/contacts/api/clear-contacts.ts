import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from '../../campaigns/api/campaign-keys';
import { contactKeys } from './contact-keys';

/** Removes every contact of the agency (no screen offers it yet). */
export const clearContacts = () => api.post<{ removed?: number }>('/api/campaigns/contacts/clear', { confirm: true });

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
