import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from '../../campaigns/api/campaign-keys';
import { contactKeys } from './contact-keys';
import type { Contact } from './contact-types';

export type AddContactInput = { email: string; talent_name: string; email_owner: string; campaign_id: string };

/** 409 when the e-mail is already tracked; the message names the campaign that holds it. */
export const addContact = (input: AddContactInput) =>
  api.post<{ contact?: Contact; message?: string }>('/api/campaigns/contacts/add', input);

export const useAddContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addContact,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.tracking() });
      // The campaign cards show a contact count.
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list() });
    },
  });
};
