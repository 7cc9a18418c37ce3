import { recordAudit } from '../audit/record';
import { dispatchAsync } from '../async/dispatch';
import { logger, errorMessage } from '../logger';
import type { AgencyScope } from '../session/resolve';
import { campaignEntity } from '../store/entities/campaign';
import { driveAssetsEntity } from '../store/entities/drive-assets';
import { nowIso } from '../store/keys';
import { agencyDrive, checkDriveHealth, recoverAgencyDrive, restoreIfTrashed, type DriveHealth } from './agency-drive';
import { contactCounts, listCampaignItems } from './campaigns';
import { upsertTrackerRow } from './tracker-row';

/**
 * Brings the agency's Drive back: the root folder and tracker come out of the trash when they
 * are there, or are recreated if gone; every campaign gets its tracker row again, a campaign
 * folder in the trash is restored, and campaigns whose folder went with the old root are
 * provisioned anew (asynchronously, like a new campaign).
 */
export const restoreAgencyDrive = async (scope: AgencyScope): Promise<DriveHealth> => {
  const recreated = await recoverAgencyDrive(scope.agencyName);
  if (recreated.folder || recreated.tracker || recreated.restored) {
    const drive = await agencyDrive(scope.agencyName);
    const [campaigns, counts] = await Promise.all([listCampaignItems(scope), contactCounts(scope)]);
    for (const campaign of campaigns) {
      if (campaign.status === 'deleting') continue;
      if (!(await restoreIfTrashed(drive.drive, campaign.campaignFolderId))) {
        await campaignEntity
          .patch({ agencyName: scope.agencyName, campaignId: campaign.campaignId })
          .set({ status: 'pending', updatedAt: nowIso() })
          .remove(['campaignFolderId', 'influencerListSheetId', 'outreachTrackerSheetId'])
          .go({ response: 'none' });
        await dispatchAsync('CampaignProvision', { agencyName: scope.agencyName, campaignId: campaign.campaignId });
      } else {
        await upsertTrackerRow(drive, { ...campaign, contactCount: counts.get(campaign.campaignId) ?? 0 });
      }
    }
    logger.info('agency drive restored', { agency: scope.agencyName, campaigns: campaigns.length, ...recreated });
  }
  return checkDriveHealth(scope.agencyName);
};

/** Deletes the agency's root folder (and all inside it); the ids are forgotten so health reports it. */
export const deleteAgencyRoot = async (scope: AgencyScope): Promise<void> => {
  const drive = await agencyDrive(scope.agencyName);
  for (const id of [drive.campaignsTrackerId, drive.rootFolderId]) if (id) await drive.drive.delete(id);
  await driveAssetsEntity
    .patch({ agencyName: scope.agencyName })
    .set({ status: 'incomplete', error: 'Deleted on request', updatedAt: nowIso() })
    .remove(['rootFolderId', 'campaignsTrackerId'])
    .go({ response: 'none' });
  await recordAudit(scope, { kind: 'drive.delete', target: 'Threadline folder', changes: [{ field: 'folder', before: 'present', after: 'deleted' }] });
};

const lastStartupRecovery = new Map<string, number>();
const STARTUP_RECOVERY_EVERY_MS = 60_000;

/**
 * The startup recovery point: the health check repairs an unhealthy Drive unless the agency
 * skips it, at most once a minute per agency (the web polls health every 2 s while unhealthy).
 */
export const healthWithStartupRecovery = async (scope: AgencyScope, wanted: boolean): Promise<DriveHealth & { recovered: boolean }> => {
  const health = await checkDriveHealth(scope.agencyName);
  const last = lastStartupRecovery.get(scope.agencyName) ?? 0;
  if (health.healthy || !wanted || !health.drive_account || Date.now() - last < STARTUP_RECOVERY_EVERY_MS) return { ...health, recovered: false };
  lastStartupRecovery.set(scope.agencyName, Date.now());
  try {
    return { ...(await restoreAgencyDrive(scope)), recovered: true };
  } catch (error) {
    logger.warn('startup drive recovery failed', { agency: scope.agencyName, error: errorMessage(error) });
    return { ...health, recovered: false };
  }
};
