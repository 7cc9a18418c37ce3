import { logger } from '../logger';
import { campaignEntity } from '../store/entities/campaign';
import { contactEntity } from '../store/entities/contact';
import { agencyDrive } from './agency-drive';
import { deleteTrackerRow } from './tracker-row';

const BATCH = 25;

/**
 * Removes a campaign marked 'deleting': its contacts, its Drive folder (with everything in it)
 * and sheets, its campaigns-tracker row, then the campaign item itself, last, so that any
 * failure leaves it visible as 'deleting' and a retry finishes the job. Every step tolerates
 * having run before.
 */
export const deleteCampaign = async (agencyName: string, campaignId: string): Promise<'deleted' | 'gone' | 'not-deleting'> => {
  const campaign = (await campaignEntity().get({ agencyName, campaignId }).go()).data;
  if (!campaign) return 'gone';
  if (campaign.status !== 'deleting') return 'not-deleting';

  const contacts = (await contactEntity().query.byCampaign({ agencyName, campaignId }).go({ pages: 'all', attributes: ['email'] })).data;
  for (let i = 0; i < contacts.length; i += BATCH) {
    const keys = contacts.slice(i, i + BATCH).map((contact) => ({ agencyName, email: contact.email }));
    const { unprocessed } = await contactEntity().delete(keys).go();
    if (unprocessed.length) throw Object.assign(new Error(`${unprocessed.length} contacts were not deleted; retrying`), { name: 'Transient' });
  }

  const fileIds = [campaign.influencerListSheetId, campaign.outreachTrackerSheetId, campaign.campaignFolderId].filter((id): id is string => Boolean(id));
  if (fileIds.length || campaign.trackerRowWritten) {
    const drive = await agencyDrive(agencyName);
    for (const fileId of fileIds) await drive.drive.delete(fileId);
    await deleteTrackerRow(drive, campaignId);
  }

  await campaignEntity().delete({ agencyName, campaignId }).go({ response: 'none' });
  logger.info('campaign deleted', { agency: agencyName, campaignId, contacts: contacts.length, files: fileIds.length });
  return 'deleted';
};
