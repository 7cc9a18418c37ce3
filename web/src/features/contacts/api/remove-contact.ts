import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from '../../campaigns/api/campaign-keys';
import { contactKeys } from './contact-keys';

export const removeContact = (email: string) => api.post<{ message?: string }>('/api/campaigns/contacts/remove', { email });

export const useRemoveContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeContact,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.tracking() });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list() });
    },
  });
};
