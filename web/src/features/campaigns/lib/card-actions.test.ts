import { describe, expect, it } from 'vitest';
import { cardActions } from './card-actions';
import { testCampaign } from '../../../testing/campaign-fakes';

const view = (actions: ReturnType<typeof cardActions>) => actions.map(({ label, href, disabledTitle }) => [label, href ?? disabledTitle]);

describe('cardActions', () => {
  it('links Folder, Influencers and Outreach to Drive with the stored account', () => {
    expect(view(cardActions(testCampaign()))).toEqual([
      ['Folder', 'https://drive.google.com/drive/folders/folder-1?authuser=ops%40acme.test'],
      ['Influencers', 'https://docs.google.com/spreadsheets/d/sheet-inf/edit?authuser=ops%40acme.test'],
      ['Outreach', 'https://docs.google.com/spreadsheets/d/sheet-out/edit?authuser=ops%40acme.test'],
    ]);
  });

  it('falls back to authuser 0 without a stored account', () => {
    expect(cardActions(testCampaign({ drive_account: null }))[0]?.href).toBe('https://drive.google.com/drive/folders/folder-1?authuser=0');
  });

  it('disables every button while pending, titled "Creating folder..." / "Creating sheet..."', () => {
    const actions = cardActions(testCampaign({ status: 'pending', campaign_folder_id: null, influencer_list_sheet_id: null }));
    expect(view(actions)).toEqual([
      ['Folder', 'Creating folder...'],
      ['Influencers', 'Creating sheet...'],
      ['Outreach', 'Creating sheet...'],
    ]);
    expect(actions.every((action) => action.href === undefined)).toBe(true);
  });

  it('disables every button while deleting', () => {
    expect(cardActions(testCampaign({ status: 'deleting' })).map((a) => [a.href, a.disabledTitle])).toEqual([
      [undefined, 'Deleting campaign...'],
      [undefined, 'Deleting campaign...'],
      [undefined, 'Deleting campaign...'],
    ]);
  });

  it('disables only the missing resources of an incomplete campaign', () => {
    const actions = cardActions(testCampaign({ status: 'incomplete', influencer_list_sheet_id: null, outreach_tracker_sheet_id: '' }));
    expect(view(actions)).toEqual([
      ['Folder', 'https://drive.google.com/drive/folders/folder-1?authuser=ops%40acme.test'],
      ['Influencers', 'Sheet not available'],
      ['Outreach', 'Sheet not available'],
    ]);
    expect(view(cardActions(testCampaign({ campaign_folder_id: null })))[0]).toEqual(['Folder', 'Folder not available']);
  });
});
