import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignListResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { campaignsRefetchInterval } from '../lib/polling';
import { campaignKeys } from './campaign-keys';
import type { CampaignList } from './campaign-types';
import { messages } from '../../../../../shared/messages';

export const listCampaigns = async ({ signal }: { signal?: AbortSignal } = {}): Promise<CampaignList> => {
  const { campaigns, total } = parseResponse(campaignListResponse, await api.get<unknown>('/api/campaigns/list', { signal, fallback: messages.fallback.loadCampaigns }));
  return { campaigns, total };
};

/** Polls fast (2 s) while any campaign is pending or deleting, every 30 s otherwise. */
export const campaignsQueryOptions = () =>
  queryOptions({
    queryKey: campaignKeys.list(),
    queryFn: ({ signal }) => listCampaigns({ signal }),
    refetchInterval: (query) => campaignsRefetchInterval(query.state.data?.campaigns),
  });

export const useCampaigns = () => useQuery(campaignsQueryOptions());
