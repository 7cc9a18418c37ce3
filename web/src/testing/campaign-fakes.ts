import type { Campaign } from '../features/campaigns/api/campaign-types';

/** A ready campaign with every Drive resource, for tests. */
export const testCampaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  campaign_id: 'summer-25',
  campaign_name: 'Summer Launch',
  project_name: 'Sunscreen',
  client_name: 'Acme',
  client_domain: '',
  deliverables: '2 reels, 3 stories',
  additional_details: '',
  campaign_live_dates: '2025-06-01 to 2025-06-30',
  created_at: '2025-05-02T12:00:00Z',
  updated_at: '2025-05-02T10:00:00Z',
  status: 'ready',
  campaign_folder_id: 'folder-1',
  influencer_list_sheet_id: 'sheet-inf',
  outreach_tracker_sheet_id: 'sheet-out',
  contact_count: 3,
  drive_account: 'ops@acme.test',
  ...overrides,
});
