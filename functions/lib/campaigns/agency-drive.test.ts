import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../identity/drive', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../identity/drive')>()),
  getDriveAssets: vi.fn(async () => undefined),
}));

const { logger } = await import('../logger');
const { checkDriveHealth, restoreIfTrashed } = await import('./agency-drive');
const { GoogleNotFound, GooglePermissionDenied } = await import('../google/errors');
type DriveClient = import('../google/drive').DriveClient;

/** Files as Drive holds them: `trashed` = trashed itself; a file in a trashed folder reads trashed too. */
const fakeDrive = (files: Record<string, { trashed: boolean; parents: string[]; owned?: boolean }>) => {
  const inTrash = (id: string): boolean => files[id]!.trashed || files[id]!.parents.some((p) => files[p] !== undefined && inTrash(p));
  const untrashed: string[] = [];
  const drive = {
    trashState: async (id: string) => {
      if (!files[id]) throw new GoogleNotFound();
      return { trashed: inTrash(id), explicitly: files[id]!.trashed, parents: files[id]!.parents };
    },
    untrash: async (id: string) => {
      if (files[id]!.owned === false) throw new GooglePermissionDenied();
      files[id]!.trashed = false;
      untrashed.push(id);
    },
  } as unknown as DriveClient;
  return { drive, untrashed };
};

afterEach(() => vi.restoreAllMocks());

describe('checkDriveHealth', () => {
  it('only logs a warning when the agency has no Drive ids, and answers unhealthy', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    await expect(checkDriveHealth('brightwave')).resolves.toMatchObject({
      healthy: false,
      threadline_folder: { id: null, exists: false },
      campaigns_tracker: { id: null, exists: false },
    });
    expect(warn).toHaveBeenCalledWith('agency drive ids missing', { agency: 'brightwave', missing: ['threadline_folder', 'campaigns_tracker'] });
  });
});

describe('restoreIfTrashed', () => {
  it('restores the trashed folder above a file rather than the file, and the file itself when it was trashed', async () => {
    vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const { drive, untrashed } = fakeDrive({ root: { trashed: true, parents: ['mydrive'] }, tracker: { trashed: false, parents: ['root'] }, mydrive: { trashed: false, parents: [] } });
    await expect(restoreIfTrashed(drive, 'tracker')).resolves.toBe(true);
    expect(untrashed).toEqual(['root']);
    const both = fakeDrive({ root: { trashed: true, parents: [] }, sheet: { trashed: true, parents: ['root'] } });
    await expect(restoreIfTrashed(both.drive, 'sheet')).resolves.toBe(true);
    expect(both.untrashed).toEqual(['sheet', 'root']);
  });

  it('answers false for a file that is gone or that only its owner may take out of the trash', async () => {
    const { drive } = fakeDrive({ shared: { trashed: true, parents: [], owned: false } });
    await expect(restoreIfTrashed(drive, 'gone')).resolves.toBe(false);
    await expect(restoreIfTrashed(drive, 'shared')).resolves.toBe(false);
    await expect(restoreIfTrashed(drive, undefined)).resolves.toBe(false);
  });
});
