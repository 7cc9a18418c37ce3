import { logger, errorMessage } from '../logger';
import { taskScope } from '../session/resolve';
import { campaignEntity, type CampaignItem } from '../store/entities/campaign';
import { nowIso } from '../store/keys';
import { agencyDrive, fileExists, recoverAgencyDrive, restoreIfTrashed } from './agency-drive';
import { listCampaignContacts } from './contact-store';
import { syncInfluencerList } from './influencer-list';
import {
  INFLUENCER_LIST_HEADERS,
  INFLUENCER_LIST_TAB,
  OUTREACH_TRACKER_HEADERS,
  OUTREACH_TRACKER_TAB,
  campaignFolderName,
  influencerListTitle,
  outreachTrackerTitle,
} from './layout';
import { restoreAgencyDrive } from './restore';
import { upsertTrackerRow } from './tracker-row';
import { raisePulse } from '../store/pulse';

type Ids = Partial<Pick<CampaignItem, 'campaignFolderId' | 'influencerListSheetId' | 'outreachTrackerSheetId' | 'trackerRowWritten' | 'driveAccount'>>;

/** Saves each id the moment it exists, only while the campaign is not being deleted. */
const saveIds = (agencyName: string, campaignId: string, ids: Ids) =>
  campaignEntity
    .patch({ agencyName, campaignId })
    .set({ ...ids, updatedAt: nowIso() })
    .where((attr, op) => op.ne(attr.status, 'deleting'))
    .go({ response: 'none' });

/**
 * Creates what the campaign is missing in Drive: its folder in the agency root, the influencer
 * list and the outreach tracker (with header rows) inside it, and its campaigns-tracker row.
 * Idempotent: a retry after a crash between two steps continues where it stopped. Throws on
 * failure (after recording it) so the async invoke retries.
 */
export const provisionCampaign = async (
  agencyName: string,
  campaignId: string,
  options: { recover?: boolean } = {},
): Promise<CampaignItem['status'] | 'gone'> => {
  const scope = taskScope(agencyName, 'campaign-provision');
  const campaign = (await campaignEntity.get({ agencyName, campaignId }).go()).data;
  if (!campaign || campaign.status === 'deleting') return 'gone';
  try {
    // The campaign-creation recovery point: the whole agency Drive, not only what this campaign needs.
    if (options.recover) await restoreAgencyDrive(scope);
    let drive = await agencyDrive(agencyName);
    if (!(await fileExists(drive.drive, drive.rootFolderId)) || !(await fileExists(drive.drive, drive.campaignsTrackerId))) {
      await recoverAgencyDrive(agencyName);
      drive = await agencyDrive(agencyName);
    }
    const ids: Ids = { driveAccount: drive.ownerEmail };
    // A campaign folder or sheet in the trash comes back with its rows; only a gone one is made anew.
    const folderOk = await restoreIfTrashed(drive.drive, campaign.campaignFolderId);
    ids.campaignFolderId = folderOk ? campaign.campaignFolderId : (await drive.drive.createFolder(campaignFolderName(campaign), drive.rootFolderId)).id;
    if (!folderOk) await saveIds(agencyName, campaignId, ids);

    for (const sheet of [
      { key: 'influencerListSheetId', title: influencerListTitle(campaign), tab: INFLUENCER_LIST_TAB, headers: INFLUENCER_LIST_HEADERS },
      { key: 'outreachTrackerSheetId', title: outreachTrackerTitle(campaign), tab: OUTREACH_TRACKER_TAB, headers: OUTREACH_TRACKER_HEADERS },
    ] as const) {
      const existing = campaign[sheet.key];
      if (await restoreIfTrashed(drive.drive, existing)) {
        ids[sheet.key] = existing;
        continue;
      }
      const created = await drive.sheets.createSpreadsheet(sheet.title, [{ name: sheet.tab, headers: [...sheet.headers] }]);
      ids[sheet.key] = created.id;
      await saveIds(agencyName, campaignId, ids);
      await drive.drive.moveToFolder(created.id, ids.campaignFolderId!);
    }

    // Contacts added while the list did not exist yet go in now.
    const contacts = await listCampaignContacts(agencyName, campaignId);
    await syncInfluencerList(drive.sheets, ids.influencerListSheetId!, contacts);

    const contactCount = contacts.length;
    await upsertTrackerRow(drive, { ...campaign, ...ids, status: 'ready', contactCount });
    await campaignEntity
      .patch({ agencyName, campaignId })
      .set({ ...ids, trackerRowWritten: true, status: 'ready', updatedAt: nowIso() })
      .remove(['lastError'])
      .where((attr, op) => op.ne(attr.status, 'deleting'))
      .go({ response: 'none' });
    await raisePulse(agencyName, 'campaigns');
    return 'ready';
  } catch (error) {
    const message = errorMessage(error);
    logger.warn('campaign provisioning failed', { agency: agencyName, campaignId, error: message });
    await campaignEntity
      .patch({ agencyName, campaignId })
      .set({ status: 'incomplete', lastError: message.slice(0, 300), updatedAt: nowIso() })
      .where((attr, op) => op.ne(attr.status, 'deleting'))
      .go({ response: 'none' })
      .catch(() => undefined);
    throw error;
  }
};
