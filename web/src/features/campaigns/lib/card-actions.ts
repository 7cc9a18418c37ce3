import { messages } from '../../../../../shared/messages';
import type { Campaign } from '../api/campaign-types';
import { driveFolderUrl, spreadsheetUrl } from '../../../lib/drive-links';

export type CardActionKind = 'folder' | 'influencers' | 'outreach';

export type CardAction = {
  kind: CardActionKind;
  label: string;
  /** Present when the button is enabled. */
  href?: string;
  /** Why the button is disabled; undefined when enabled. */
  disabledTitle?: string;
};

const text = messages.campaigns;

const RESOURCES: readonly { kind: CardActionKind; label: string; type: 'folder' | 'sheet'; id: (c: Campaign) => string | null }[] = [
  { kind: 'folder', label: text.folder, type: 'folder', id: (c) => c.campaign_folder_id },
  { kind: 'influencers', label: text.influencers, type: 'sheet', id: (c) => c.influencer_list_sheet_id },
  { kind: 'outreach', label: text.outreach, type: 'sheet', id: (c) => c.outreach_tracker_sheet_id },
];

/**
 * The Folder / Influencers / Outreach buttons of a card: disabled while resources are being
 * created ("Creating folder..." / "Creating sheet..."), while the campaign is being deleted, and
 * when the resource is missing ("Folder not available" / "Sheet not available").
 */
export const cardActions = (campaign: Campaign): CardAction[] =>
  RESOURCES.map(({ kind, label, type, id }) => {
    if (campaign.status === 'pending') {
      return { kind, label, disabledTitle: type === 'folder' ? text.creatingFolder : text.creatingSheet };
    }
    if (campaign.status === 'deleting') return { kind, label, disabledTitle: text.deleting };
    const resourceId = id(campaign);
    if (!resourceId) return { kind, label, disabledTitle: type === 'folder' ? text.folderMissing : text.sheetMissing };
    const href = type === 'folder' ? driveFolderUrl(resourceId, campaign.drive_account) : spreadsheetUrl(resourceId, campaign.drive_account);
    return { kind, label, href };
  });
