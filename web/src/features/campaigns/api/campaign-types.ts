import type { CampaignJson, CampaignListResponse, CampaignStatus, DriveHealthResponse } from '../../../../../shared/schemas/campaigns';

// Names the campaigns feature reads; every shape is the shared response schema's.
export type { CampaignStatus };
export type Campaign = CampaignJson;

export type CampaignList = Pick<CampaignListResponse, 'campaigns' | 'total'>;

export type DriveHealth = DriveHealthResponse;
