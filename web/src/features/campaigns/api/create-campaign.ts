import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';
import { createCampaignResponse, type CreateCampaignBody, type CreateCampaignResponse } from '../../../../../shared/schemas/campaigns';
import type { CampaignList } from './campaign-types';
import { parseResponse } from '../../../lib/parse-response';
import { messages } from '../../../../../shared/messages';

/** The fields the form sends; the server parses them with the same shared schema. */
export type CreateCampaignInput = CreateCampaignBody;

export const createCampaign = async (input: CreateCampaignInput): Promise<CreateCampaignResponse> =>
  parseResponse(createCampaignResponse, await api.post<unknown>('/api/campaigns/add', input, { fallback: messages.fallback.createCampaign }));

export const useCreateCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: ({ campaign }) => {
      // Show the new (usually pending) card at once; the list then polls fast until it is ready.
      {
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
