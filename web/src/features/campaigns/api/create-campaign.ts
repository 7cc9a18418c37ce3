import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';
import type { CreateCampaignBody } from '../../../../../shared/schemas/campaigns';
import type { Campaign, CampaignList } from './campaign-types';

/** The fields the form sends; the server parses them with the same shared schema. */
export type CreateCampaignInput = CreateCampaignBody;

export type CreateCampaignResponse = { campaign: Campaign; message?: string };

export const createCampaign = (input: CreateCampaignInput) =>
  api.post<CreateCampaignResponse>('/api/campaigns/add', input);

export const useCreateCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: ({ campaign }) => {
      // Show the new (usually pending) card at once; the list then polls fast until it is ready.
      if (campaign) {
        queryClient.setQueryData<CampaignList>(campaignKeys.list(), (current) =>
          current && !current.campaigns.some((item) => item.campaign_id === campaign.campaign_id)
            ? { campaigns: [campaign, ...current.campaigns], total: current.total + 1 }
            : current,
        );
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
};
