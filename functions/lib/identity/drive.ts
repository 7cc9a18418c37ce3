import { PRODUCT_NAME } from '../../../shared/messages';
import { createDriveClient } from '../google/drive';
import { createSheetsClient } from '../google/sheets';
import { logger, errorMessage } from '../logger';
import { driveAssetsEntity } from '../store/entities/drive-assets';
import { nowIso } from '../store/keys';
import { googleContextFor } from './google-grants';

/** The agency's Drive root: a folder named after the product, with the campaigns tracker in it. */
export const DRIVE_ROOT_FOLDER_NAME = PRODUCT_NAME;
export const CAMPAIGNS_TRACKER_TITLE = `${PRODUCT_NAME} Campaigns Tracker`;
export const CAMPAIGNS_TRACKER_TAB = 'Campaigns';
export const CAMPAIGNS_TRACKER_HEADERS = [
  'Campaign ID',
  'Campaign Name',
  'Client',
  'Project',
  'Live Dates',
  'Status',
  'Contacts',
  'Summary',
  'Folder',
  'Influencer List',
  'Outreach Tracker',
  'Updated At',
] as const;

const log = () => logger.createChild({ persistentLogAttributes: { component: 'agency-drive' } });

const describe = (error: unknown): string => errorMessage(error).slice(0, 300);

/**
 * Creates the root folder and the tracker in the owner's Drive with the owner's grant and records
 * them in the drive-assets item. Never throws: on failure the item says 'incomplete' and why,
 * keeping what was created, and the drive recovery routes finish the job.
 */
export const setupAgencyDrive = async (agencyName: string, ownerEmail: string): Promise<{ status: 'ready' | 'incomplete' }> => {
  const now = nowIso();
  let rootFolderId: string | undefined;
  let campaignsTrackerId: string | undefined;
  let error: string | undefined;
  try {
    const ctx = await googleContextFor(ownerEmail);
    const drive = createDriveClient(ctx);
    const sheets = createSheetsClient({ ...ctx, user: ownerEmail });
    rootFolderId = (await drive.createFolder(DRIVE_ROOT_FOLDER_NAME)).id || undefined;
    if (!rootFolderId) throw new Error('Drive returned no folder id');
    const tracker = await sheets.createSpreadsheet(CAMPAIGNS_TRACKER_TITLE, [{ name: CAMPAIGNS_TRACKER_TAB, headers: [...CAMPAIGNS_TRACKER_HEADERS] }]);
    campaignsTrackerId = tracker.id || undefined;
    if (!campaignsTrackerId) throw new Error('Sheets returned no spreadsheet id');
    await drive.moveToFolder(campaignsTrackerId, rootFolderId);
  } catch (caught) {
    error = describe(caught);
    log().warn('agency drive setup incomplete', { agency: agencyName, error });
  }
  const status = error ? 'incomplete' : 'ready';
  try {
    await driveAssetsEntity
      .put({
        agencyName,
        ownerEmail,
        ...(rootFolderId ? { rootFolderId } : {}),
        ...(campaignsTrackerId ? { campaignsTrackerId } : {}),
        status,
        ...(error ? { error } : {}),
        createdAt: now,
        updatedAt: nowIso(),
      })
      .go({ response: 'none' });
  } catch (caught) {
    log().error('drive assets could not be recorded', { agency: agencyName, error: describe(caught) });
    return { status: 'incomplete' };
  }
  return { status };
};

export const getDriveAssets = async (agencyName: string) => (await driveAssetsEntity.get({ agencyName }).go()).data ?? undefined;

/**
 * Gives a member writer access to the agency's Drive root, acting as the account that owns it.
 * 'pending' when there is no root yet or Google refused (recovery can grant it later).
 */
export const grantMemberDriveAccess = async (agencyName: string, memberEmail: string): Promise<'granted' | 'pending'> => {
  try {
    const assets = await getDriveAssets(agencyName);
    if (!assets?.rootFolderId) return 'pending';
    if (assets.ownerEmail === memberEmail) return 'granted';
    const drive = createDriveClient(await googleContextFor(assets.ownerEmail));
    await drive.share(assets.rootFolderId, memberEmail, 'writer');
    return 'granted';
  } catch (error) {
    log().warn('drive access for a new member is pending', { agency: agencyName, error: describe(error) });
    return 'pending';
  }
};

/** Best effort when a member leaves: their permission on the Drive root goes, acting as its owner. */
export const revokeMemberDriveAccess = async (agencyName: string, memberEmail: string): Promise<void> => {
  try {
    const assets = await getDriveAssets(agencyName);
    if (!assets?.rootFolderId || assets.ownerEmail === memberEmail) return;
    await createDriveClient(await googleContextFor(assets.ownerEmail)).unshare(assets.rootFolderId, memberEmail);
  } catch (error) {
    log().warn('drive access of a removed member could not be revoked', { agency: agencyName, error: describe(error) });
  }
};
