import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteCampaignResponse, type DeleteCampaignResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { contactKeys } from '../../contacts/api/contact-keys';
import { markDeleting } from '../lib/optimistic';
import { campaignKeys } from './campaign-keys';
import type { CampaignList } from './campaign-types';
import { messages } from '../../../../../shared/messages';

export type { DeleteCampaignResponse };

/** Deletion runs asynchronously on the server; the list shows 'deleting' until it is gone. */
export const deleteCampaign = async (campaignId: string): Promise<DeleteCampaignResponse> =>
  parseResponse(deleteCampaignResponse, await api.post<unknown>('/api/campaigns/delete', { campaign_id: campaignId, force: false }, { fallback: messages.fallback.deleteCampaign }));

type Context = { previous: CampaignList | undefined };

export const useDeleteCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation<DeleteCampaignResponse, Error, string, Context>({
    mutationFn: deleteCampaign,
    onMutate: async (campaignId) => {
      await queryClient.cancelQueries({ queryKey: campaignKeys.list() });
      const previous = queryClient.getQueryData<CampaignList>(campaignKeys.list());
      if (previous) {
        queryClient.setQueryData<CampaignList>(campaignKeys.list(), markDeleting(previous, campaignId, new Date().toISOString()));
      }
      return { previous };
    },
    onError: (_error, _campaignId, context) => {
      if (context?.previous) queryClient.setQueryData(campaignKeys.list(), context.previous);
    },
    // Not awaited: the toast should not wait for the list to come back.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
};
