import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../logger';
import type { CampaignItem } from '../store/entities/campaign';
import { toCampaignJson } from './campaigns';

afterEach(() => vi.restoreAllMocks());

const campaign = (overrides: Partial<CampaignItem> = {}): CampaignItem =>
  ({
    agencyName: 'brightwave',
    campaignId: 'glow-serum-q1',
    campaignName: 'Glow Serum Q1',
    clientName: 'Glow',
    status: 'ready',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    campaignFolderId: 'folder-1',
    influencerListSheetId: 'sheet-1',
    outreachTrackerSheetId: 'sheet-2',
    ...overrides,
  }) as CampaignItem;

describe('missing Drive ids of a campaign', () => {
  it('only log a warning naming what is missing; the campaign still reads, with null ids', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const json = toCampaignJson(campaign({ campaignFolderId: undefined, outreachTrackerSheetId: undefined, status: 'incomplete' }), 3);
    expect(json).toMatchObject({ campaign_folder_id: null, influencer_list_sheet_id: 'sheet-1', outreach_tracker_sheet_id: null, contact_count: 3 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('campaign drive ids missing', {
      agency: 'brightwave',
      campaignId: 'glow-serum-q1',
      status: 'incomplete',
      missing: ['campaign_folder_id', 'outreach_tracker_sheet_id'],
    });
  });

  it('say nothing when all three are there, or while the campaign is being made or deleted', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    toCampaignJson(campaign(), 0);
    toCampaignJson(campaign({ status: 'pending', campaignFolderId: undefined, influencerListSheetId: undefined, outreachTrackerSheetId: undefined }), 0);
    toCampaignJson(campaign({ status: 'deleting', campaignFolderId: undefined }), 0);
    expect(warn).not.toHaveBeenCalled();
  });
});
