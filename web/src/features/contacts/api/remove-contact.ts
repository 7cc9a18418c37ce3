import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeContactResponse, type RemoveContactResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { campaignKeys } from '../../campaigns/api/campaign-keys';
import { contactKeys } from './contact-keys';
import { parseResponse } from '../../../lib/parse-response';

/** Without campaign_id the server removes the e-mail from every campaign; the screen always names one. */
export type RemoveContactInput = { email: string; campaign_id?: string };

export const removeContact = async (input: RemoveContactInput): Promise<RemoveContactResponse> =>
  parseResponse(removeContactResponse, await api.post<unknown>('/api/campaigns/contacts/remove', input));

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
