import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startGuarded } from '../lib/guard';
import { postStartTask } from './start-task';

export const processCampaign = (campaignId: string) => postStartTask('/api/v3/process/campaign', { campaign_id: campaignId });

export const useProcessCampaign = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: (campaignId: string) => startGuarded(client, () => processCampaign(campaignId)) });
};
