import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { campaignKeys } from './campaign-keys';
import type { Campaign } from './campaign-types';
import { messages } from '../../../../../shared/messages';

export const getCampaign = async (campaignId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Campaign> => {
  const response = parseResponse(campaignResponse, await api.get<unknown>(`/api/campaigns/${encodeURIComponent(campaignId)}`, { signal, fallback: messages.fallback.loadCampaign }));
  return response.campaign;
};

export const campaignQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(campaignId),
    queryFn: ({ signal }) => getCampaign(campaignId, { signal }),
  });

export const useCampaign = (campaignId: string) => useQuery(campaignQueryOptions(campaignId));
