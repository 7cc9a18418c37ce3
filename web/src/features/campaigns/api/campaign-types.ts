import type { CampaignJson, CampaignListResponse, DriveHealthResponse } from '../../../../../shared/schemas/campaigns';

// Names the campaigns feature reads; every shape is the shared response schema's.
export type Campaign = CampaignJson;

export type CampaignList = Pick<CampaignListResponse, 'campaigns' | 'total'>;

export type DriveHealth = DriveHealthResponse;
