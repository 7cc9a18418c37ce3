/** One tracked contact, keyed by e-mail. Older readings name the flag `tracking`. */
export type Contact = {
  email: string;
  campaign_id: string | null;
  campaign_name: string | null;
  tracking_enabled: boolean;
  talent_name: string | null;
  email_owner: string | null;
};

export type TrackingSummary = {
  total_contacts: number;
  tracking_enabled: number;
  tracking_disabled: number;
  total_campaigns: number;
};

export type CampaignTracking = { campaign_name: string; total: number; tracking: number; disabled: number };

export type ContactsTracking = {
  contacts: Record<string, Contact>;
  summary: TrackingSummary;
  by_campaign: Record<string, CampaignTracking>;
};

export type SheetMetadata = { spreadsheet_name: string; tabs: { name: string }[] };

export type ImportResult = {
  imported: number;
  skipped: number;
  duplicates: number;
  message?: string;
  details?: {
    skipped?: { row: number; reason: string }[];
    duplicates?: { row: number; email: string; reason: string }[];
  };
};
