import { googleContextFor } from '../identity/google-grants';
import { CAMPAIGNS_TRACKER_HEADERS, CAMPAIGNS_TRACKER_TAB, CAMPAIGNS_TRACKER_TITLE, DRIVE_ROOT_FOLDER_NAME, getDriveAssets } from '../identity/drive';
import { createDriveClient, type DriveClient } from '../google/drive';
import { GoogleNotFound, GooglePermissionDenied } from '../google/errors';
import { createSheetsClient, type SheetsClient } from '../google/sheets';
import { Conflict } from '../http/errors';
import { logger } from '../logger';
import { driveAssetsEntity } from '../store/entities/drive-assets';
import { nowIso } from '../store/keys';

export type AgencyDrive = {
  ownerEmail: string;
  rootFolderId?: string;
  campaignsTrackerId?: string;
  drive: DriveClient;
  sheets: SheetsClient;
};

export class DriveNotSetUp extends Conflict {
  constructor() {
    super("This agency's Drive folder is not set up. Ask an owner to sign in again.");
    this.name = 'DriveNotSetUp';
  }
}

/** The agency's Drive root and clients acting as the account that owns it. */
export const agencyDrive = async (agencyName: string): Promise<AgencyDrive> => {
  const assets = await getDriveAssets(agencyName);
  if (!assets) throw new DriveNotSetUp();
  const ctx = await googleContextFor(assets.ownerEmail);
  return {
    ownerEmail: assets.ownerEmail,
    rootFolderId: assets.rootFolderId,
    campaignsTrackerId: assets.campaignsTrackerId,
    drive: createDriveClient(ctx),
    sheets: createSheetsClient({ ...ctx, user: assets.ownerEmail }),
  };
};

/** A file the app can still use: present and not in the trash. */
export const fileExists = async (drive: DriveClient, fileId: string | undefined): Promise<boolean> => {
  if (!fileId) return false;
  try {
    return !(await drive.getFile(fileId)).trashed;
  } catch (error) {
    if (error instanceof GoogleNotFound) return false;
    throw error;
  }
};

/**
 * A file the app can use, taken out of the trash when it is there: the file itself when it was
 * trashed, else the trashed folder above it (restoring a folder restores what it holds, as in
 * Drive). False when the file is gone or cannot be restored (only its owner may untrash it).
 */
export const restoreIfTrashed = async (drive: DriveClient, fileId: string | undefined, depth = 0): Promise<boolean> => {
  if (!fileId || depth > 8) return false;
  try {
    const state = await drive.trashState(fileId);
    if (!state.trashed) return true;
    if (state.explicitly) await drive.untrash(fileId);
    // Still in the trash: a folder above it is trashed too (or only that folder is).
    let after = state.explicitly ? await drive.trashState(fileId) : state;
    if (after.trashed) {
      for (const parent of after.parents) await restoreIfTrashed(drive, parent, depth + 1);
      after = await drive.trashState(fileId);
    }
    const restored = !after.trashed;
    if (restored) logger.info('drive file restored from trash', { fileId });
    return restored;
  } catch (error) {
    if (error instanceof GoogleNotFound || error instanceof GooglePermissionDenied) return false;
    throw error;
  }
};

export type DriveHealth = {
  healthy: boolean;
  campaigns_tracker: { id: string | null; exists: boolean };
  threadline_folder: { id: string | null; exists: boolean };
  drive_account: string | null;
};

export const checkDriveHealth = async (agencyName: string): Promise<DriveHealth> => {
  const assets = await getDriveAssets(agencyName);
  const missing = [assets?.rootFolderId ? null : 'threadline_folder', assets?.campaignsTrackerId ? null : 'campaigns_tracker'].filter(Boolean);
  // Spec section 8: a missing drive id only logs a warning (the answer says unhealthy).
  if (missing.length) logger.warn('agency drive ids missing', { agency: agencyName, missing });
  if (!assets) {
    return { healthy: false, campaigns_tracker: { id: null, exists: false }, threadline_folder: { id: null, exists: false }, drive_account: null };
  }
  const { drive } = await agencyDrive(agencyName);
  const [folderExists, trackerExists] = await Promise.all([fileExists(drive, assets.rootFolderId), fileExists(drive, assets.campaignsTrackerId)]);
  return {
    healthy: folderExists && trackerExists,
    campaigns_tracker: { id: assets.campaignsTrackerId ?? null, exists: trackerExists },
    threadline_folder: { id: assets.rootFolderId ?? null, exists: folderExists },
    drive_account: assets.ownerEmail,
  };
};

const saveAssets = async (agencyName: string, ownerEmail: string, ids: { rootFolderId?: string; campaignsTrackerId?: string }) => {
  const complete = Boolean(ids.rootFolderId && ids.campaignsTrackerId);
  await driveAssetsEntity
    .patch({ agencyName })
    .set({ ownerEmail, ...ids, status: complete ? 'ready' : 'incomplete', updatedAt: nowIso() })
    .remove(complete ? ['error'] : [])
    .go({ response: 'none' });
};

/**
 * Puts back whatever of the agency's Drive root is missing (folder, tracker), saving each id as
 * soon as it exists. A folder or tracker in the trash is restored (same id, rows kept) rather
 * than recreated empty. Returns which parts were recreated (the caller re-adds tracker rows) and
 * whether anything came back from the trash.
 */
export const recoverAgencyDrive = async (agencyName: string): Promise<{ folder: boolean; tracker: boolean; restored: boolean }> => {
  const ctx = await agencyDrive(agencyName);
  let { rootFolderId, campaignsTrackerId } = ctx;
  const recreated = { folder: false, tracker: false, restored: false };
  const [folderBefore, trackerBefore] = await Promise.all([fileExists(ctx.drive, rootFolderId), fileExists(ctx.drive, campaignsTrackerId)]);
  if (!folderBefore && (await restoreIfTrashed(ctx.drive, rootFolderId))) recreated.restored = true;
  if (!trackerBefore && (await restoreIfTrashed(ctx.drive, campaignsTrackerId))) recreated.restored = true;
  if (!(await fileExists(ctx.drive, rootFolderId))) {
    rootFolderId = (await ctx.drive.createFolder(DRIVE_ROOT_FOLDER_NAME)).id;
    recreated.folder = true;
    await saveAssets(agencyName, ctx.ownerEmail, { rootFolderId });
  }
  if (!(await fileExists(ctx.drive, campaignsTrackerId))) {
    campaignsTrackerId = (await ctx.sheets.createSpreadsheet(CAMPAIGNS_TRACKER_TITLE, [{ name: CAMPAIGNS_TRACKER_TAB, headers: [...CAMPAIGNS_TRACKER_HEADERS] }])).id;
    recreated.tracker = true;
    await saveAssets(agencyName, ctx.ownerEmail, { rootFolderId, campaignsTrackerId });
    await ctx.drive.moveToFolder(campaignsTrackerId, rootFolderId!);
  }
  await saveAssets(agencyName, ctx.ownerEmail, { rootFolderId, campaignsTrackerId });
  if (recreated.folder || recreated.tracker || recreated.restored) logger.info('agency drive recovered', { agency: agencyName, ...recreated });
  return recreated;
};
