import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addContactResponse, type AddContactResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { campaignKeys } from '../../campaigns/api/campaign-keys';
import { contactKeys } from './contact-keys';
import { parseResponse } from '../../../lib/parse-response';

/** The handle is sent only when one was given. */
export type AddContactInput = { email: string; talent_name: string; email_owner: string; campaign_id: string; handle?: string };

/** 409 when the e-mail is already a contact of that campaign; another campaign is fine. */
export const addContact = async (input: AddContactInput): Promise<AddContactResponse> =>
  parseResponse(addContactResponse, await api.post<unknown>('/api/campaigns/contacts/add', input));

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
