/** Drive API v3: files (create/get/list/update/delete), permissions, about. */
import type { drive_v3 } from '@googleapis/drive';
import { GoogleError, badRequest, insufficientScopes } from './errors';
import { DriveQueryError, evalDriveQuery, parseDriveQuery } from './drive-query';
import { bodyObject, q1, qBool, qInt, requireAccount, SCOPE, type Ctx, type Reply, type Route } from './http';
import { createSpreadsheet } from './sheets-model';
import {
  FOLDER_MIME, SPREADSHEET_MIME, ensureRootFolder, newDriveId, permissionIdFor, rootIdFor,
  type Account, type DriveFile, type EmulatorState, type Permission, type PermissionRole,
} from './state';

export type Access = 'none' | 'reader' | 'commenter' | 'writer' | 'owner';
const RANK: Record<Access, number> = { none: 0, reader: 1, commenter: 2, writer: 3, owner: 4 };
const roleAccess = (r: PermissionRole): Access => (r === 'owner' ? 'owner' : r === 'organizer' || r === 'fileOrganizer' || r === 'writer' ? 'writer' : r === 'commenter' ? 'commenter' : 'reader');
const max = (a: Access, b: Access): Access => (RANK[a] >= RANK[b] ? a : b);

/** The user's role on a file: owner, direct permission, or inherited from any ancestor folder. */
export const accessOf = (state: EmulatorState, file: DriveFile, email: string, seen = new Set<string>()): Access => {
  if (file.owner === email) return 'owner';
  if (seen.has(file.id)) return 'none';
  seen.add(file.id);
  let best: Access = 'none';
  const domain = email.split('@')[1];
  for (const p of file.permissions) {
    if ((p.type === 'user' || p.type === 'group') && p.emailAddress === email) best = max(best, roleAccess(p.role));
    else if (p.type === 'anyone' || (p.type === 'domain' && p.domain === domain)) best = max(best, roleAccess(p.role));
  }
  if (best === 'writer' || file.isRoot) return best;
  for (const parentId of file.parents) {
    const parent = state.files.get(parentId);
    if (!parent) continue;
    const inherited = accessOf(state, parent, email, seen);
    best = max(best, inherited === 'owner' ? 'writer' : inherited);
  }
  return best;
};

type ScopeGrant = { all: 'none' | 'read' | 'write'; appFiles: boolean };

/** What the token's scopes allow on Drive (drive.file = files this OAuth client created/opened). */
export const driveScopeGrant = (ctx: Ctx, forSheets = false): ScopeGrant => {
  const s = ctx.token?.scopes ?? [];
  let all: ScopeGrant['all'] = s.includes(SCOPE.drive) ? 'write' : s.includes(SCOPE.driveReadonly) ? 'read' : 'none';
  if (forSheets) {
    if (s.includes(SCOPE.spreadsheets)) all = 'write';
    else if (s.includes(SCOPE.spreadsheetsReadonly) && all === 'none') all = 'read';
  } else if (all === 'none' && s.includes(SCOPE.driveMetadataReadonly)) all = 'read';
  return { all, appFiles: s.includes(SCOPE.driveFile) };
};

export const requireDriveScope = (ctx: Ctx, write: boolean, forSheets = false): ScopeGrant => {
  const g = driveScopeGrant(ctx, forSheets);
  if (!g.appFiles && (g.all === 'none' || (write && g.all !== 'write'))) throw insufficientScopes();
  return g;
};

const appVisible = (ctx: Ctx, g: ScopeGrant, file: DriveFile, write: boolean): boolean => {
  if (g.all === 'write' || (g.all === 'read' && !write)) return true;
  return g.appFiles && (file.isRoot === true || file.appClients.has(ctx.token!.clientId));
};

export const fileNotFound = (id: string): GoogleError =>
  new GoogleError(404, { message: `File not found: ${id}.`, reason: 'notFound', location: 'fileId', locationType: 'parameter' });
export const insufficientFilePermissions = (): GoogleError =>
  new GoogleError(403, { message: 'The user does not have sufficient permissions for this file.', reason: 'insufficientFilePermissions' });

/** Resolves a file the user may see ('root' = their My Drive); 404 otherwise, 403 when `need` is more than they have. */
export const loadFile = (ctx: Ctx, id: string, need: Access, g = requireDriveScope(ctx, RANK[need] > RANK.reader)): DriveFile => {
  const account = requireAccount(ctx);
  const fileId = id === 'root' ? rootIdFor(account.email) : id;
  if (id === 'root') ensureRootFolder(ctx.state, account.email);
  const file = ctx.state.files.get(fileId);
  if (!file) throw fileNotFound(id);
  const access = accessOf(ctx.state, file, account.email);
  if (access === 'none' || !appVisible(ctx, g, file, false)) throw fileNotFound(id);
  if (RANK[access] < RANK[need]) throw insufficientFilePermissions();
  if (RANK[need] > RANK.reader && !appVisible(ctx, g, file, true)) throw insufficientFilePermissions();
  return file;
};

const userResource = (state: EmulatorState, email: string, me: string): drive_v3.Schema$User => {
  const a = state.accounts.get(email);
  return { kind: 'drive#user', displayName: a?.name ?? email, emailAddress: email, me: email === me, permissionId: permissionIdFor(email), photoLink: a?.picture ?? '' };
};

const permissionResource = (state: EmulatorState, p: Permission): drive_v3.Schema$Permission => ({
  kind: 'drive#permission',
  id: p.id,
  type: p.type,
  role: p.role,
  ...(p.emailAddress ? { emailAddress: p.emailAddress, displayName: state.accounts.get(p.emailAddress)?.name ?? p.emailAddress } : {}),
  ...(p.domain ? { domain: p.domain } : {}),
  deleted: false,
  pendingOwner: false,
});

const ownerPermission = (f: DriveFile): Permission => ({ id: permissionIdFor(f.owner), type: 'user', role: 'owner', emailAddress: f.owner });

export const webViewLink = (f: DriveFile): string =>
  f.mimeType === FOLDER_MIME
    ? `https://drive.google.com/drive/folders/${f.id}`
    : f.mimeType === SPREADSHEET_MIME
      ? `https://docs.google.com/spreadsheets/d/${f.id}/edit?usp=drivesdk`
      : `https://drive.google.com/file/d/${f.id}/view?usp=drivesdk`;

export const fileResource = (ctx: Ctx, f: DriveFile): drive_v3.Schema$File => {
  const me = ctx.account!.email;
  const access = accessOf(ctx.state, f, me);
  const canEdit = RANK[access] >= RANK.writer;
  const owner = access === 'owner';
  const visibleParents = f.parents.filter((p) => {
    const pf = ctx.state.files.get(p);
    return pf && accessOf(ctx.state, pf, me) !== 'none';
  });
  const res: drive_v3.Schema$File = {
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    starred: f.starred,
    trashed: isTrashed(ctx.state, f),
    explicitlyTrashed: f.trashed,
    parents: visibleParents,
    spaces: ['drive'],
    version: String(f.version),
    webViewLink: webViewLink(f),
    iconLink: `https://drive-thirdparty.googleusercontent.com/16/type/${f.mimeType}`,
    hasThumbnail: false,
    viewedByMe: true,
    createdTime: new Date(f.createdTime).toISOString(),
    modifiedTime: new Date(f.modifiedTime).toISOString(),
    modifiedByMe: owner,
    owners: [userResource(ctx.state, f.owner, me)],
    ownedByMe: owner,
    shared: f.permissions.length > 0,
    writersCanShare: true,
    copyRequiresWriterPermission: false,
    viewersCanCopyContent: true,
    capabilities: {
      canEdit,
      canComment: RANK[access] >= RANK.commenter,
      canShare: canEdit,
      canCopy: f.mimeType !== FOLDER_MIME,
      canDownload: true,
      canRename: canEdit,
      canTrash: owner,
      canDelete: owner,
      canAddChildren: f.mimeType === FOLDER_MIME && canEdit,
      canListChildren: f.mimeType === FOLDER_MIME,
      canRemoveChildren: f.mimeType === FOLDER_MIME && canEdit,
      canReadRevisions: canEdit,
      canChangeViewersCanCopyContent: canEdit,
      canModifyContent: canEdit,
    },
    quotaBytesUsed: '0',
    isAppAuthorized: f.appClients.has(ctx.token!.clientId),
  };
  if (f.description !== undefined) res.description = f.description;
  if (f.properties) res.properties = { ...f.properties };
  if (f.appProperties && f.appClients.has(ctx.token!.clientId)) res.appProperties = { ...f.appProperties };
  if (canEdit) {
    const perms = [ownerPermission(f), ...f.permissions];
    res.permissions = perms.map((p) => permissionResource(ctx.state, p));
    res.permissionIds = perms.map((p) => p.id);
  }
  return res;
};

const FILE_DEFAULT_FIELDS = 'kind,id,name,mimeType';
const LIST_DEFAULT_FIELDS = 'kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType)';
const PERMISSION_DEFAULT_FIELDS = 'kind,id,type,role';

type DriveReply = Reply & { defaultFields?: string };

const stringMap = (v: unknown, name: string): Record<string, string | null> | undefined => {
  if (v === undefined) return undefined;
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest(`Invalid value for ${name}`);
  return v as Record<string, string | null>;
};
const mergeMap = (base: Record<string, string> | undefined, patch: Record<string, string | null> | undefined): Record<string, string> | undefined => {
  if (!patch) return base;
  const out = { ...(base ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = String(v);
  }
  return out;
};

/** Drive's single-parent model: a file has one parent; adding a second one is refused (move it instead). */
const cannotAddParent = () => new GoogleError(403, { message: 'Increasing the number of parents is not allowed', reason: 'cannotAddParent' });

/**
 * Whether a file is in the trash: trashed itself (`explicitlyTrashed`) or inside a trashed
 * folder, as Drive reports the descendants of a trashed folder (`trashed: true`,
 * `explicitlyTrashed: false`); restoring the folder restores them.
 */
export const isTrashed = (state: EmulatorState, f: DriveFile, seen = new Set<string>()): boolean => {
  if (f.trashed) return true;
  seen.add(f.id);
  return f.parents.some((p) => {
    const parent = state.files.get(p);
    return parent !== undefined && !seen.has(p) && isTrashed(state, parent, seen);
  });
};

const filesCreate = (ctx: Ctx): DriveReply => {
  const account = requireAccount(ctx);
  const g = requireDriveScope(ctx, true);
  const b = bodyObject(ctx);
  if (b.id !== undefined) throw badRequest('The provided file ID is not usable.', { reason: 'fileIdNotUsable', location: 'file.id', locationType: 'other' });
  const parentsIn = Array.isArray(b.parents) ? (b.parents as string[]) : [];
  if (parentsIn.length > 1) throw cannotAddParent();
  const parents = parentsIn.length ? parentsIn : ['root'];
  const parentIds = parents.map((p) => {
    const parent = loadFile(ctx, p, 'writer', { ...g, all: g.all === 'read' ? 'none' : g.all });
    if (parent.mimeType !== FOLDER_MIME) throw badRequest('The specified parent is not a folder.', { reason: 'invalidParent' });
    return parent.id;
  });
  const now = ctx.state.clock();
  const mimeType = typeof b.mimeType === 'string' && b.mimeType ? b.mimeType : 'application/octet-stream';
  const file: DriveFile = {
    id: newDriveId(ctx.state, mimeType === SPREADSHEET_MIME ? 44 : 33),
    name: typeof b.name === 'string' && b.name !== '' ? b.name : mimeType === SPREADSHEET_MIME ? 'Untitled spreadsheet' : mimeType === FOLDER_MIME ? 'Untitled folder' : 'Untitled',
    mimeType,
    parents: parentIds,
    owner: account.email,
    permissions: [],
    createdTime: now,
    modifiedTime: now,
    trashed: false,
    starred: b.starred === true,
    appClients: new Set([ctx.token!.clientId]),
    version: 1,
    ...(typeof b.description === 'string' ? { description: b.description } : {}),
  };
  const props = mergeMap(undefined, stringMap(b.properties, 'properties'));
  const appProps = mergeMap(undefined, stringMap(b.appProperties, 'appProperties'));
  if (props) file.properties = props;
  if (appProps) file.appProperties = appProps;
  ctx.state.files.set(file.id, file);
  if (mimeType === SPREADSHEET_MIME) createSpreadsheet(ctx.state, file.id, [{ title: 'Sheet1' }]);
  return { body: fileResource(ctx, file), defaultFields: FILE_DEFAULT_FIELDS };
};

const filesGet = (ctx: Ctx): DriveReply => {
  if (q1(ctx, 'alt') === 'media') {
    const f = loadFile(ctx, ctx.params[0]!, 'reader');
    throw new GoogleError(403, { message: `Only files with binary content can be downloaded. Use Export with Docs Editors files.`, reason: 'fileNotDownloadable', location: 'alt', locationType: 'parameter', itemMessage: `File ${f.id} is not downloadable.` });
  }
  const f = loadFile(ctx, ctx.params[0]!, 'reader');
  return { body: fileResource(ctx, f), defaultFields: FILE_DEFAULT_FIELDS };
};

const ORDER_KEYS: Record<string, (f: DriveFile) => string | number> = {
  name: (f) => f.name.toLowerCase(),
  name_natural: (f) => f.name.toLowerCase(),
  createdTime: (f) => f.createdTime,
  modifiedTime: (f) => f.modifiedTime,
  modifiedByMeTime: (f) => f.modifiedTime,
  viewedByMeTime: (f) => f.modifiedTime,
  recency: (f) => f.modifiedTime,
  folder: (f) => (f.mimeType === FOLDER_MIME ? 0 : 1),
  starred: (f) => (f.starred ? 0 : 1),
  quotaBytesUsed: () => 0,
  sharedWithMeTime: (f) => f.createdTime,
};

const filesList = (ctx: Ctx): DriveReply => {
  const account = requireAccount(ctx);
  const g = requireDriveScope(ctx, false);
  let node;
  try {
    node = parseDriveQuery(q1(ctx, 'q') ?? '');
  } catch (e) {
    if (e instanceof DriveQueryError) throw new GoogleError(400, { message: 'Invalid Value', reason: 'invalid', location: 'q', locationType: 'parameter' });
    throw e;
  }
  const pageSize = qInt(ctx, 'pageSize', 100, 1000) || 100;
  const offset = Number(q1(ctx, 'pageToken') ?? 0);
  if (!Number.isInteger(offset) || offset < 0) throw badRequest('Invalid Value', { location: 'pageToken', locationType: 'parameter' });
  const hits: DriveFile[] = [];
  for (const f of ctx.state.files.values()) {
    if (f.isRoot) continue;
    const access = accessOf(ctx.state, f, account.email);
    if (access === 'none' || !appVisible(ctx, g, f, false)) continue;
    const writers = [f.owner, ...f.permissions.filter((p) => roleAccess(p.role) === 'writer' && p.emailAddress).map((p) => p.emailAddress!)];
    const readers = [...writers, ...f.permissions.filter((p) => p.emailAddress).map((p) => p.emailAddress!)];
    const view = {
      name: f.name,
      mimeType: f.mimeType,
      ...(f.description !== undefined ? { description: f.description } : {}),
      parents: f.parents.map((p) => (p === rootIdFor(account.email) ? p : p)),
      owners: [f.owner],
      writers,
      readers,
      trashed: isTrashed(ctx.state, f),
      starred: f.starred,
      modifiedTime: f.modifiedTime,
      createdTime: f.createdTime,
      sharedWithMe: f.owner !== account.email && f.permissions.some((p) => p.emailAddress === account.email),
      properties: f.properties ?? {},
      appProperties: f.appClients.has(ctx.token!.clientId) ? (f.appProperties ?? {}) : {},
    };
    // 'root' in parents
    if (view.parents.includes(rootIdFor(account.email))) view.parents.push('root');
    if (evalDriveQuery(node, view)) hits.push(f);
  }
  const order = (q1(ctx, 'orderBy') ?? 'folder,modifiedTime desc,name').split(',').map((s) => s.trim()).filter(Boolean);
  for (const o of order) {
    const [key] = o.split(/\s+/);
    if (!ORDER_KEYS[key!]) throw badRequest('Invalid Value', { location: 'orderBy', locationType: 'parameter' });
  }
  hits.sort((a, b) => {
    for (const o of order) {
      const [key, dir] = o.split(/\s+/);
      const fn = ORDER_KEYS[key!]!;
      const x = fn(a);
      const y = fn(b);
      if (x !== y) return (x < y ? -1 : 1) * (dir === 'desc' ? -1 : 1);
    }
    return a.id < b.id ? -1 : 1;
  });
  const slice = hits.slice(offset, offset + pageSize);
  const body: drive_v3.Schema$FileList = { kind: 'drive#fileList', incompleteSearch: false, files: slice.map((f) => fileResource(ctx, f)) };
  if (offset + pageSize < hits.length) body.nextPageToken = String(offset + pageSize);
  return { body, defaultFields: LIST_DEFAULT_FIELDS };
};

const descendants = (state: EmulatorState, folderId: string, out = new Set<string>()): Set<string> => {
  for (const f of state.files.values()) {
    if (f.parents.includes(folderId) && !out.has(f.id)) {
      out.add(f.id);
      descendants(state, f.id, out);
    }
  }
  return out;
};

const filesUpdate = (ctx: Ctx): DriveReply => {
  const b = bodyObject(ctx);
  const g = requireDriveScope(ctx, true);
  const f = loadFile(ctx, ctx.params[0]!, 'reader', g);
  const me = ctx.account!.email;
  const access = accessOf(ctx.state, f, me);
  const writable = RANK[access] >= RANK.writer && appVisible(ctx, g, f, true);
  const addParents = (q1(ctx, 'addParents') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const removeParents = (q1(ctx, 'removeParents') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (b.parents !== undefined) throw new GoogleError(403, { message: "The parents field is not directly writable in update requests. Use the addParents and removeParents parameters instead.", reason: 'fieldNotWritable' });
  if (b.id !== undefined && b.id !== f.id) throw new GoogleError(403, { message: 'The resource body includes fields which are not directly writable.', reason: 'fieldNotWritable' });
  if (b.mimeType !== undefined && b.mimeType !== f.mimeType) throw new GoogleError(403, { message: 'The resource body includes fields which are not directly writable.', reason: 'fieldNotWritable' });
  const touchesContent = ['name', 'description', 'properties', 'appProperties', 'starred'].some((k) => b[k] !== undefined) || addParents.length > 0 || removeParents.length > 0;
  if (touchesContent && !writable && !(Object.keys(b).length === 1 && b.starred !== undefined)) throw insufficientFilePermissions();
  if (b.trashed !== undefined && b.trashed !== f.trashed && access !== 'owner') throw insufficientFilePermissions();
  const newParents = addParents.map((p) => loadFile(ctx, p, 'writer', g));
  for (const p of newParents) {
    if (p.mimeType !== FOLDER_MIME) throw badRequest('The specified parent is not a folder.', { reason: 'invalidParent' });
    if (p.id === f.id || descendants(ctx.state, f.id).has(p.id)) throw badRequest('The specified parent would create a cycle.', { reason: 'cycleDetected' });
  }
  const resolvedRemove = removeParents.map((p) => (p === 'root' ? rootIdFor(me) : p));
  const kept = f.parents.filter((p) => !resolvedRemove.includes(p));
  if (kept.length + newParents.filter((p) => !kept.includes(p.id)).length > Math.max(1, kept.length)) throw cannotAddParent();
  if (typeof b.name === 'string') f.name = b.name;
  if (typeof b.description === 'string') f.description = b.description;
  if (typeof b.starred === 'boolean') f.starred = b.starred;
  if (typeof b.trashed === 'boolean') f.trashed = b.trashed;
  const props = mergeMap(f.properties, stringMap(b.properties, 'properties'));
  const appProps = mergeMap(f.appProperties, stringMap(b.appProperties, 'appProperties'));
  if (props) f.properties = props;
  if (appProps) f.appProperties = appProps;
  f.parents = [...f.parents.filter((p) => !resolvedRemove.includes(p)), ...newParents.map((p) => p.id).filter((id) => !f.parents.includes(id))];
  f.modifiedTime = ctx.state.clock();
  f.version++;
  f.appClients.add(ctx.token!.clientId);
  return { body: fileResource(ctx, f), defaultFields: FILE_DEFAULT_FIELDS };
};

const filesDelete = (ctx: Ctx): Reply => {
  const g = requireDriveScope(ctx, true);
  const f = loadFile(ctx, ctx.params[0]!, 'reader', g);
  const me = ctx.account!.email;
  if (f.isRoot) throw new GoogleError(403, { message: 'The user does not have sufficient permissions for this file.', reason: 'insufficientFilePermissions' });
  if (accessOf(ctx.state, f, me) !== 'owner' || !appVisible(ctx, g, f, true)) throw insufficientFilePermissions();
  const doomed = [f.id, ...[...descendants(ctx.state, f.id)].filter((id) => ctx.state.files.get(id)?.owner === me)];
  for (const id of doomed) {
    ctx.state.files.delete(id);
    ctx.state.spreadsheets.delete(id);
  }
  // files of other owners left without a parent become orphans (Drive keeps them, parentless)
  for (const other of ctx.state.files.values()) other.parents = other.parents.filter((p) => !doomed.includes(p));
  return { status: 204 };
};

const ROLES: PermissionRole[] = ['owner', 'organizer', 'fileOrganizer', 'writer', 'commenter', 'reader'];

const permissionsCreate = (ctx: Ctx): DriveReply => {
  const g = requireDriveScope(ctx, true);
  const f = loadFile(ctx, ctx.params[0]!, 'writer', g);
  const b = bodyObject(ctx);
  const role = b.role as PermissionRole;
  const type = b.type as Permission['type'];
  if (!role) throw badRequest('The permission role field is required.', { reason: 'required', location: 'permission.role', locationType: 'other' });
  if (!type) throw badRequest('The permission type field is required.', { reason: 'required', location: 'permission.type', locationType: 'other' });
  if (!ROLES.includes(role)) throw badRequest(`Invalid permission role: ${role}`, { reason: 'invalid', location: 'permission.role', locationType: 'other' });
  if (!['user', 'group', 'domain', 'anyone'].includes(type)) throw badRequest(`Invalid permission type: ${type}`, { reason: 'invalid', location: 'permission.type', locationType: 'other' });
  const emailAddress = typeof b.emailAddress === 'string' ? b.emailAddress.trim().toLowerCase() : undefined;
  if ((type === 'user' || type === 'group') && !emailAddress) throw badRequest('The permission emailAddress field is required.', { reason: 'required', location: 'permission.emailAddress', locationType: 'other' });
  if (emailAddress && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailAddress)) throw badRequest(`Invalid sharing request. The email address ${emailAddress} is not valid.`, { reason: 'invalidSharingRequest' });
  const me = ctx.account!.email;
  if (role === 'owner') {
    if (!qBool(ctx, 'transferOwnership')) throw new GoogleError(403, { message: "The transferOwnership parameter must be enabled when the permission role is 'owner'.", reason: 'forbidden', location: 'transferOwnership', locationType: 'parameter' });
    if (f.owner !== me) throw insufficientFilePermissions();
    const previous = f.owner;
    f.owner = emailAddress!;
    f.permissions = f.permissions.filter((p) => p.emailAddress !== emailAddress);
    f.permissions.push({ id: permissionIdFor(previous), type: 'user', role: 'writer', emailAddress: previous });
    return { body: permissionResource(ctx.state, ownerPermission(f)), defaultFields: PERMISSION_DEFAULT_FIELDS };
  }
  if (emailAddress && emailAddress === f.owner) return { body: permissionResource(ctx.state, ownerPermission(f)), defaultFields: PERMISSION_DEFAULT_FIELDS };
  const existing = f.permissions.find((p) => (emailAddress ? p.emailAddress === emailAddress : p.type === type && p.domain === b.domain));
  let perm: Permission;
  if (existing) {
    existing.role = role;
    perm = existing;
  } else {
    perm = { id: type === 'anyone' ? 'anyoneWithLink' : permissionIdFor(emailAddress ?? String(b.domain)), type, role, ...(emailAddress ? { emailAddress } : {}), ...(typeof b.domain === 'string' ? { domain: b.domain } : {}) };
    f.permissions.push(perm);
  }
  f.modifiedTime = ctx.state.clock();
  return { body: permissionResource(ctx.state, perm), defaultFields: PERMISSION_DEFAULT_FIELDS };
};

const permissionsList = (ctx: Ctx): DriveReply => {
  const f = loadFile(ctx, ctx.params[0]!, 'reader');
  if (RANK[accessOf(ctx.state, f, ctx.account!.email)] < RANK.writer) throw insufficientFilePermissions();
  const body: drive_v3.Schema$PermissionList = { kind: 'drive#permissionList', permissions: [ownerPermission(f), ...f.permissions].map((p) => permissionResource(ctx.state, p)) };
  return { body, defaultFields: 'kind,nextPageToken,permissions(kind,id,type,role)' };
};

const permissionsGet = (ctx: Ctx): DriveReply => {
  const f = loadFile(ctx, ctx.params[0]!, 'reader');
  const p = [ownerPermission(f), ...f.permissions].find((x) => x.id === ctx.params[1]);
  if (!p) throw new GoogleError(404, { message: `Permission not found: ${ctx.params[1]}.`, reason: 'notFound', location: 'permissionId', locationType: 'parameter' });
  return { body: permissionResource(ctx.state, p), defaultFields: PERMISSION_DEFAULT_FIELDS };
};

const permissionsDelete = (ctx: Ctx): Reply => {
  const f = loadFile(ctx, ctx.params[0]!, 'writer');
  const id = ctx.params[1]!;
  if (id === permissionIdFor(f.owner)) throw new GoogleError(403, { message: 'The owner of a file cannot be removed.', reason: 'cannotRemoveOwner' });
  const before = f.permissions.length;
  f.permissions = f.permissions.filter((p) => p.id !== id);
  if (f.permissions.length === before) throw new GoogleError(404, { message: `Permission not found: ${id}.`, reason: 'notFound', location: 'permissionId', locationType: 'parameter' });
  return { status: 204 };
};

const permissionsUpdate = (ctx: Ctx): DriveReply => {
  const f = loadFile(ctx, ctx.params[0]!, 'writer');
  const b = bodyObject(ctx);
  const p = f.permissions.find((x) => x.id === ctx.params[1]);
  if (!p) throw new GoogleError(404, { message: `Permission not found: ${ctx.params[1]}.`, reason: 'notFound', location: 'permissionId', locationType: 'parameter' });
  if (typeof b.role === 'string') {
    if (!ROLES.includes(b.role as PermissionRole) || b.role === 'owner') throw badRequest(`Invalid permission role: ${b.role}`);
    p.role = b.role as PermissionRole;
  }
  return { body: permissionResource(ctx.state, p), defaultFields: PERMISSION_DEFAULT_FIELDS };
};

const about = (ctx: Ctx): Reply => {
  const account: Account = requireAccount(ctx);
  requireDriveScope(ctx, false);
  if (!q1(ctx, 'fields')) throw badRequest("The 'fields' parameter is required for this method.", { reason: 'required', location: 'fields', locationType: 'parameter' });
  const body: drive_v3.Schema$About = {
    kind: 'drive#about',
    user: userResource(ctx.state, account.email, account.email),
    storageQuota: { limit: '16106127360', usage: '0', usageInDrive: '0', usageInDriveTrash: '0' },
    rootFolderId: rootIdFor(account.email),
  } as drive_v3.Schema$About;
  return { body };
};

export const driveRoutes = (): Route[] => {
  const r = (method: string, path: string, operation: string, handler: Route['handler']): Route => ({ method, pattern: new RegExp(`^\\/drive\\/v3${path}$`), api: 'drive', operation, auth: true, handler });
  return [
    r('GET', '\\/about', 'drive.about.get', about),
    r('POST', '\\/files', 'drive.files.create', filesCreate),
    r('GET', '\\/files', 'drive.files.list', filesList),
    r('GET', '\\/files\\/([^/]+)', 'drive.files.get', filesGet),
    r('PATCH', '\\/files\\/([^/]+)', 'drive.files.update', filesUpdate),
    r('DELETE', '\\/files\\/([^/]+)', 'drive.files.delete', filesDelete),
    r('POST', '\\/files\\/([^/]+)\\/permissions', 'drive.permissions.create', permissionsCreate),
    r('GET', '\\/files\\/([^/]+)\\/permissions', 'drive.permissions.list', permissionsList),
    r('GET', '\\/files\\/([^/]+)\\/permissions\\/([^/]+)', 'drive.permissions.get', permissionsGet),
    r('PATCH', '\\/files\\/([^/]+)\\/permissions\\/([^/]+)', 'drive.permissions.update', permissionsUpdate),
    r('DELETE', '\\/files\\/([^/]+)\\/permissions\\/([^/]+)', 'drive.permissions.delete', permissionsDelete),
  ];
};
