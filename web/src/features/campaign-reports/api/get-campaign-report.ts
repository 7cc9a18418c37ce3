import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignReportResponse, type CampaignReportJson } from '../../../../../shared/schemas/reports';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { reportText } from '../lib/report-text';
import { reportKeys } from './report-keys';

export const getCampaignReport = async (campaignId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CampaignReportJson> =>
  parseResponse(campaignReportResponse, await api.get<unknown>(`/api/v3/campaigns/${encodeURIComponent(campaignId)}/report`, { signal, fallback: reportText.loadFailed })).report;

export const campaignReportQueryOptions = (campaignId: string) =>
  queryOptions({ queryKey: reportKeys.campaign(campaignId), queryFn: ({ signal }) => getCampaignReport(campaignId, { signal }) });

export const useCampaignReport = (campaignId: string) => useQuery(campaignReportQueryOptions(campaignId));
