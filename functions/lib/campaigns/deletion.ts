import { deleteCampaignBoard } from '../conversations/board/rebuild';
import { deleteCampaignConversations } from '../conversations/store';
import { logger } from '../logger';
import { campaignEntity } from '../store/entities/campaign';
import { agencyDrive } from './agency-drive';
import { deleteContacts, listCampaignContacts } from './contact-store';
import { deleteTrackerRow } from './tracker-row';
import { raisePulse } from '../store/pulse';

/**
 * Removes a campaign marked 'deleting': its contacts, its Drive folder (with everything in it)
 * and sheets, its campaigns-tracker row, then the campaign item itself, last, so that any
 * failure leaves it visible as 'deleting' and a retry finishes the job. Every step tolerates
 * having run before.
 */
export const deleteCampaign = async (agencyName: string, campaignId: string): Promise<'deleted' | 'gone' | 'not-deleting'> => {
  const campaign = (await campaignEntity.get({ agencyName, campaignId }).go()).data;
  if (!campaign) return 'gone';
  if (campaign.status !== 'deleting') return 'not-deleting';

  // Only this campaign's contacts: the same talents stay contacts of the agency's other campaigns.
  const contacts = await listCampaignContacts(agencyName, campaignId);
  await deleteContacts(agencyName, contacts);
  await deleteCampaignConversations(agencyName, campaignId);
  await deleteCampaignBoard(agencyName, campaignId);

  const fileIds = [campaign.influencerListSheetId, campaign.outreachTrackerSheetId, campaign.campaignFolderId].filter((id): id is string => Boolean(id));
  if (fileIds.length || campaign.trackerRowWritten) {
    const drive = await agencyDrive(agencyName);
    for (const fileId of fileIds) await drive.drive.delete(fileId);
    await deleteTrackerRow(drive, campaignId);
  }

  await campaignEntity.delete({ agencyName, campaignId }).go({ response: 'none' });
  // Its contacts raised the contacts counter as they went (deleteContacts).
  await raisePulse(agencyName, 'campaigns', 'conversations');
  logger.info('campaign deleted', { agency: agencyName, campaignId, contacts: contacts.length, files: fileIds.length });
  return 'deleted';
};
