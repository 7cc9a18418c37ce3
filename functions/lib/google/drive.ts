// The v3 module only: the package index also loads Drive v2 (~35 KB per bundle) and a global AuthPlus.
import { drive_v3 } from '@googleapis/drive/build/v3';
import { callGoogle, clientOptions, type GoogleContext } from './call';
import { GoogleNotFound } from './errors';

/**
 * Drive as the product uses it under the `drive.file` scope: folders it creates, files it
 * moves into them, sharing with invited members, trash. Only files the app created are
 * visible to it, which is why spreadsheets are created here or via Sheets, never searched for.
 */
export const FOLDER_MIME = 'application/vnd.google-apps.folder';
export const SPREADSHEET_MIME = 'application/vnd.google-apps.spreadsheet';

export type DriveFile = {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  trashed: boolean;
  webViewLink?: string;
};

const FILE_FIELDS = 'id, name, mimeType, parents, trashed, webViewLink';

const toFile = (f: drive_v3.Schema$File): DriveFile => ({
  id: f.id ?? '',
  name: f.name ?? '',
  mimeType: f.mimeType ?? '',
  parents: f.parents ?? [],
  trashed: f.trashed ?? false,
  ...(f.webViewLink ? { webViewLink: f.webViewLink } : {}),
});

/** Drive query strings quote with single quotes; the value's own quotes and backslashes are escaped. */
export const driveQuoted = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export const createDriveClient = (ctx: GoogleContext) => {
  const api: drive_v3.Drive = new drive_v3.Drive(clientOptions(ctx, 'drive'));
  const call = <T>(operation: string, fn: () => Promise<{ data: T }>, what = 'Drive file') =>
    callGoogle(ctx, { api: 'drive', operation, notFound: () => new GoogleNotFound(`${what} not found or deleted`) }, async () => (await fn()).data);

  return {
    async createFolder(name: string, parentId?: string): Promise<DriveFile> {
      const data = await call('files.create', () =>
        api.files.create({
          requestBody: { name, mimeType: FOLDER_MIME, ...(parentId ? { parents: [parentId] } : {}) },
          fields: FILE_FIELDS,
        }),
      'Parent folder');
      return toFile(data);
    },

    async getFile(fileId: string): Promise<DriveFile> {
      return toFile(await call('files.get', () => api.files.get({ fileId, fields: FILE_FIELDS })));
    },

    /** Children of a folder, not trashed, optionally of one type or name; bounded pages. */
    async listChildren(folderId: string, filter: { mimeType?: string; name?: string; maxPages?: number } = {}): Promise<DriveFile[]> {
      const clauses = [`${driveQuoted(folderId)} in parents`, 'trashed = false'];
      if (filter.mimeType) clauses.push(`mimeType = ${driveQuoted(filter.mimeType)}`);
      if (filter.name) clauses.push(`name = ${driveQuoted(filter.name)}`);
      const files: DriveFile[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < (filter.maxPages ?? 10); page += 1) {
        const data = await call(
          'files.list',
          () =>
            api.files.list({
              q: clauses.join(' and '),
              fields: `nextPageToken, files(${FILE_FIELDS})`,
              pageSize: 100,
              spaces: 'drive',
              ...(pageToken ? { pageToken } : {}),
            }),
          'Folder',
        );
        files.push(...(data.files ?? []).map(toFile));
        pageToken = data.nextPageToken ?? undefined;
        if (!pageToken) break;
      }
      return files;
    },

    /** Moves a file (e.g. a spreadsheet made through the Sheets API) into a folder. */
    async moveToFolder(fileId: string, folderId: string): Promise<DriveFile> {
      const current = await call('files.get', () => api.files.get({ fileId, fields: 'parents' }));
      const removeParents = (current.parents ?? []).filter((p) => p !== folderId).join(',');
      const data = await call('files.update', () =>
        api.files.update({ fileId, addParents: folderId, ...(removeParents ? { removeParents } : {}), fields: FILE_FIELDS, requestBody: {} }),
      );
      return toFile(data);
    },

    /**
     * Whether a file is in the trash and why: `explicitly` when it was trashed itself, otherwise
     * it lies in a trashed folder (Drive marks the descendants `trashed`, not `explicitlyTrashed`).
     */
    async trashState(fileId: string): Promise<{ trashed: boolean; explicitly: boolean; parents: string[] }> {
      const data = await call('files.get', () => api.files.get({ fileId, fields: 'id, trashed, explicitlyTrashed, parents' }));
      return { trashed: data.trashed ?? false, explicitly: data.explicitlyTrashed ?? data.trashed ?? false, parents: data.parents ?? [] };
    },

    /** Takes a file out of the trash (owner only); a folder brings back what it holds. */
    async untrash(fileId: string): Promise<void> {
      await call('files.update', () => api.files.update({ fileId, requestBody: { trashed: false }, fields: 'id, trashed' }));
    },

    async trash(fileId: string): Promise<void> {
      await call('files.update', () => api.files.update({ fileId, requestBody: { trashed: true }, fields: 'id, trashed' }));
    },

    /** Permanent; a folder's delete removes its contents too. A missing file counts as deleted. */
    async delete(fileId: string): Promise<void> {
      try {
        await call('files.delete', () => api.files.delete({ fileId }));
      } catch (error) {
        if (!(error instanceof GoogleNotFound)) throw error;
      }
    },

    /** Gives a member access; no Google notification mail (the product sends its own invite). */
    async share(fileId: string, emailAddress: string, role: 'writer' | 'reader' | 'commenter' = 'writer'): Promise<{ permissionId: string }> {
      const data = await call('permissions.create', () =>
        api.permissions.create({
          fileId,
          sendNotificationEmail: false,
          fields: 'id',
          requestBody: { type: 'user', role, emailAddress },
        }),
      );
      return { permissionId: data.id ?? '' };
    },

    /** Removes a person's non-owner permissions on a file; none to remove is fine. */
    async unshare(fileId: string, emailAddress: string): Promise<number> {
      const listed = await call('permissions.list', () => api.permissions.list({ fileId, fields: 'permissions(id,emailAddress,role)', pageSize: 100 }));
      const wanted = emailAddress.toLowerCase();
      const matching = (listed.permissions ?? []).filter((p) => p.id && p.role !== 'owner' && p.emailAddress?.toLowerCase() === wanted);
      for (const permission of matching) await call('permissions.delete', () => api.permissions.delete({ fileId, permissionId: permission.id! }));
      return matching.length;
    },
  };
};

export type DriveClient = ReturnType<typeof createDriveClient>;
