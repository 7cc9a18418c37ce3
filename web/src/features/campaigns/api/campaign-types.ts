/** 'pending' = Drive resources being created, 'incomplete' = creation failed part-way. */
export type CampaignStatus = 'pending' | 'ready' | 'deleting' | 'incomplete';

export type Campaign = {
  campaign_id: string;
  campaign_name: string;
  project_name: string;
  client_name: string;
  deliverables: string;
  additional_details: string;
  /** "YYYY-MM-DD to YYYY-MM-DD" or "". */
  campaign_live_dates: string;
  created_at: string | null;
  updated_at: string | null;
  status: CampaignStatus;
  campaign_folder_id: string | null;
  influencer_list_sheet_id: string | null;
  outreach_tracker_sheet_id: string | null;
  contact_count: number;
  /** Google authuser of the Drive account that owns the resources. */
  drive_account: string | null;
};

export type CampaignList = { campaigns: Campaign[]; total: number };

export type DriveAsset = { id: string | null; exists: boolean };

export type DriveHealth = {
  healthy: boolean;
  campaigns_tracker: DriveAsset;
  threadline_folder: DriveAsset;
  drive_account: string | null;
};
