import type { CampaignJson, CampaignStatus } from '../../../../../shared/schemas/campaigns';

export type { CampaignStatus };
export type Campaign = CampaignJson;

export type CampaignList = { campaigns: Campaign[]; total: number };

export type DriveAsset = { id: string | null; exists: boolean };

export type DriveHealth = {
  healthy: boolean;
  campaigns_tracker: DriveAsset;
  threadline_folder: DriveAsset;
  drive_account: string | null;
};
