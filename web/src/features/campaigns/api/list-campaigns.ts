import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignsRefetchInterval } from '../lib/polling';
import { campaignKeys } from './campaign-keys';
import type { Campaign, CampaignList } from './campaign-types';

export const listCampaigns = async ({ signal }: { signal?: AbortSignal } = {}): Promise<CampaignList> => {
  const response = await api.get<{ campaigns?: Campaign[]; total?: number }>('/api/campaigns/list', { signal });
  const campaigns = response.campaigns ?? [];
  return { campaigns, total: response.total ?? campaigns.length };
};

/** Polls fast (2 s) while any campaign is pending or deleting, every 30 s otherwise. */
export const campaignsQueryOptions = () =>
  queryOptions({
    queryKey: campaignKeys.list(),
    queryFn: ({ signal }) => listCampaigns({ signal }),
    refetchInterval: (query) => campaignsRefetchInterval(query.state.data?.campaigns),
  });

export const useCampaigns = () => useQuery(campaignsQueryOptions());
