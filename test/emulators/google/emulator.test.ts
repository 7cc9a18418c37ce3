import { createHash, randomBytes } from 'node:crypto';
import { drive } from '@googleapis/drive';
import { gmail } from '@googleapis/gmail';
import { sheets } from '@googleapis/sheets';
import { OAuth2Client } from 'google-auth-library';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ANCHOR } from '../../fixtures/seed/types';
import { LOCAL_OAUTH_CLIENT, startGoogleEmulator, type GoogleEmulator } from './server';

const MAYA = 'maya@brightwave-agency.com';
const DANIEL = 'daniel@brightwave-agency.com';
const PRIYA = 'priya@brightwave-agency.com';
const FULL_DRIVE = ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/gmail.readonly', 'https://www.googleapis.com/auth/drive', 'https://www.googleapis.com/auth/spreadsheets'];

let now = Date.parse(SEED_ANCHOR);
let emu: GoogleEmulator;

const clientFor = async (email: string, scopes?: string[]) => {
  const t = await emu.issueTokens(email, scopes ? { scopes } : {});
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: t.access_token });
  const opts = { auth, rootUrl: `${emu.url}/` };
  return { token: t.access_token, gmail: gmail({ version: 'v1', ...opts }), drive: drive({ version: 'v3', ...opts }), sheets: sheets({ version: 'v4', ...opts }) };
};

const call = async (path: string, token: string, init: RequestInit = {}) => {
  const res = await fetch(`${emu.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
};

beforeAll(async () => {
  emu = await startGoogleEmulator({ clock: () => now, quotaUnitsPerMinute: 1_000_000_000 });
});
afterAll(async () => {
  await emu.close();
});

describe('seed and Gmail', () => {
  it('exposes the three staff mailboxes with the seeded counts', async () => {
    const { gmail: g } = await clientFor(MAYA);
    const p = await g.users.getProfile({ userId: 'me' });
    const seedMb = emu.seed!.mailboxes.find((m) => m.email === MAYA)!;
    expect(p.data.emailAddress).toBe(MAYA);
    expect(p.data.messagesTotal).toBe(seedMb.messages.length);
    expect(p.data.historyId).toBe(seedMb.historyId);
  });

  it("a search for each contact's address returns exactly the truth's threads, in every mailbox", async () => {
    const tokens = Object.fromEntries(await Promise.all([MAYA, DANIEL, PRIYA].map(async (e) => [e, (await emu.issueTokens(e)).access_token] as const)));
    const jobs = emu.seed!.truth.contacts.flatMap((c) => [MAYA, DANIEL, PRIYA].map((mailbox) => ({ c, mailbox })));
    for (let i = 0; i < jobs.length; i += 25) {
      await Promise.all(
        jobs.slice(i, i + 25).map(async ({ c, mailbox }) => {
          const q = encodeURIComponent(`from:${c.email} OR to:${c.email} OR cc:${c.email}`);
          const res = await call(`/gmail/v1/users/me/threads?q=${q}&maxResults=500`, tokens[mailbox]!);
          const got = ((res.body.threads ?? []) as Array<{ id: string }>).map((t) => t.id).sort();
          const want = c.threads.filter((t) => t.mailbox === mailbox && t.involvesTalent).map((t) => t.threadId).sort();
          expect(got, `${c.email} in ${mailbox}`).toEqual(want);
        }),
      );
    }
  }, 20_000);

  it('a talent-or-manager query returns every truth thread (grouped operator syntax)', async () => {
    const { gmail: g } = await clientFor(MAYA);
    const withManager = emu.seed!.truth.contacts.filter((c) => c.email_owner).slice(0, 8);
    for (const c of withManager) {
      const both = `${c.email} OR ${c.email_owner}`;
      const res = await g.users.threads.list({ userId: 'me', q: `from:(${both}) OR to:(${both}) OR cc:(${both})`, maxResults: 500 });
      expect((res.data.threads ?? []).map((t) => t.id).sort()).toEqual(c.threads.filter((t) => t.mailbox === MAYA).map((t) => t.threadId).sort());
    }
  });

  it('pages messages.list and renders full, metadata, minimal and raw formats', async () => {
    const { gmail: g } = await clientFor(MAYA);
    const first = await g.users.messages.list({ userId: 'me', maxResults: 50 });
    expect(first.data.messages).toHaveLength(50);
    expect(first.data.nextPageToken).toBeTruthy();
    const second = await g.users.messages.list({ userId: 'me', maxResults: 50, pageToken: first.data.nextPageToken! });
    expect(second.data.messages![0]!.id).not.toBe(first.data.messages![0]!.id);
    const id = first.data.messages![0]!.id!;
    const full = await g.users.messages.get({ userId: 'me', id });
    expect(full.data.payload!.mimeType).toBe('multipart/alternative');
    const names = full.data.payload!.headers!.map((h) => h.name);
    expect(names).toEqual(expect.arrayContaining(['From', 'To', 'Subject', 'Date', 'Message-ID']));
    const plain = full.data.payload!.parts!.find((p) => p.mimeType === 'text/plain')!;
    const stored = emu.state.mailboxes.get(MAYA)!.messages.get(id)!;
    expect(Buffer.from(plain.body!.data!, 'base64url').toString('utf8')).toBe(stored.body);
    expect(full.data.internalDate).toBe(String(stored.internalDate));
    const meta = await g.users.messages.get({ userId: 'me', id, format: 'metadata', metadataHeaders: ['Subject', 'From'] });
    expect(meta.data.payload!.headers!.map((h) => h.name).sort()).toEqual(['From', 'Subject']);
    expect(meta.data.payload!.parts).toBeUndefined();
    const minimal = await g.users.messages.get({ userId: 'me', id, format: 'minimal' });
    expect(minimal.data.payload).toBeUndefined();
    expect(minimal.data.snippet).toBeTruthy();
    const raw = await g.users.messages.get({ userId: 'me', id, format: 'raw' });
    expect(Buffer.from(raw.data.raw!, 'base64url').toString('utf8')).toMatch(/^Delivered-To:|^MIME-Version:/m);
  });

  it('excludes spam unless asked, and filters by labelIds and dates', async () => {
    const { gmail: g } = await clientFor(MAYA);
    const spam = [...emu.state.mailboxes.get(MAYA)!.messages.values()].filter((m) => m.labelIds.includes('SPAM'));
    const all = await g.users.messages.list({ userId: 'me', maxResults: 500, q: 'in:anywhere' });
    const normal = await g.users.messages.list({ userId: 'me', maxResults: 500 });
    expect(all.data.resultSizeEstimate! - normal.data.resultSizeEstimate!).toBe(spam.length);
    const sent = await g.users.messages.list({ userId: 'me', labelIds: ['SENT'], maxResults: 500 });
    expect(sent.data.messages!.every((m) => emu.state.mailboxes.get(MAYA)!.messages.get(m.id!)!.labelIds.includes('SENT'))).toBe(true);
    const week = await g.users.messages.list({ userId: 'me', q: 'newer_than:7d', maxResults: 500 });
    const expected = [...emu.state.mailboxes.get(MAYA)!.messages.values()].filter((m) => m.internalDate > now - 7 * 86_400_000 && !m.labelIds.includes('SPAM'));
    expect(week.data.resultSizeEstimate).toBe(expected.length);
  });

  it('records history after addMessage and threads the new message', async () => {
    const { gmail: g } = await clientFor(MAYA);
    const before = (await g.users.getProfile({ userId: 'me' })).data.historyId!;
    const contact = emu.seed!.truth.contacts.find((c) => c.threads.some((t) => t.mailbox === MAYA && t.involvesTalent))!;
    const threadId = contact.threads.find((t) => t.mailbox === MAYA && t.involvesTalent)!.threadId;
    const added = emu.addMessage({ mailbox: MAYA, threadId, from: `${contact.talent_name} <${contact.email}>`, to: [MAYA], subject: 'Re: update', body: 'Posting on 2026-11-20 as agreed.' });
    expect(added.threadId).toBe(threadId);
    expect(BigInt(added.historyId)).toBeGreaterThan(BigInt(before));
    const h = await g.users.history.list({ userId: 'me', startHistoryId: before, historyTypes: ['messageAdded'] });
    expect(h.data.historyId).toBe(added.historyId);
    expect(h.data.history).toHaveLength(1);
    expect(h.data.history![0]!.messagesAdded![0]!.message).toMatchObject({ id: added.id, threadId });
    const nothing = await g.users.history.list({ userId: 'me', startHistoryId: added.historyId });
    expect(nothing.data.history).toBeUndefined();
    const thread = await g.users.threads.get({ userId: 'me', id: threadId, format: 'metadata', metadataHeaders: ['In-Reply-To'] });
    const last = thread.data.messages!.at(-1)!;
    expect(last.id).toBe(added.id);
    expect(last.payload!.headers![0]!.name).toBe('In-Reply-To');
    const found = await g.users.messages.list({ userId: 'me', q: `from:${contact.email} "as agreed"` });
    expect(found.data.messages!.map((m) => m.id)).toContain(added.id);
  });

  it('keeps a week of seeded history and answers 404 below the retained floor', async () => {
    const { token } = await clientFor(PRIYA);
    const mb = emu.state.mailboxes.get(PRIYA)!;
    const ok = await call(`/gmail/v1/users/me/history?startHistoryId=${mb.historyFloor}`, token);
    expect(ok.status).toBe(200);
    expect(ok.body.history.length).toBeGreaterThan(0);
    const old = await call(`/gmail/v1/users/me/history?startHistoryId=${mb.historyFloor - 1}`, token);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ error: { code: 404, message: 'Requested entity was not found.', errors: [{ message: 'Requested entity was not found.', domain: 'global', reason: 'notFound' }], status: 'NOT_FOUND' } });
    const current = String(mb.historyId);
    emu.expireHistory(PRIYA);
    expect((await call(`/gmail/v1/users/me/history?startHistoryId=${Number(current) - 1}`, token)).status).toBe(404);
    expect((await call(`/gmail/v1/users/me/history?startHistoryId=${current}`, token)).status).toBe(200);
    expect((await call('/gmail/v1/users/me/history', token)).status).toBe(400);
  });

  it('answers 401 for unknown tokens, 403 for another user and 404 for unknown ids', async () => {
    const { token } = await clientFor(MAYA);
    const bad = await call('/gmail/v1/users/me/profile', 'ya29.nope');
    expect(bad.status).toBe(401);
    expect(bad.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED', errors: [{ reason: 'authError', domain: 'global' }] });
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
    const other = await call(`/gmail/v1/users/${DANIEL}/profile`, token);
    expect(other.status).toBe(403);
    expect((await call(`/gmail/v1/users/${MAYA}/profile`, token)).status).toBe(200);
    expect((await call('/gmail/v1/users/me/messages/0000000000000001', token)).status).toBe(404);
    const noScope = await clientFor(MAYA, ['openid', 'email']);
    const insufficient = await call('/gmail/v1/users/me/profile', noScope.token);
    expect(insufficient.status).toBe(403);
    expect(insufficient.body.error.errors[0].reason).toBe('insufficientPermissions');
  });

  it('logs every API request with operation, user and quota units', async () => {
    const { gmail: g } = await clientFor(DANIEL);
    const from = emu.log.length;
    await g.users.threads.list({ userId: 'me', q: 'from:northstar-talent.com', maxResults: 5 });
    const entry = emu.log.slice(from).find((e) => e.operation === 'gmail.users.threads.list')!;
    expect(entry).toMatchObject({ api: 'gmail', user: DANIEL, quotaUnits: 10, status: 200, method: 'GET', path: '/gmail/v1/users/me/threads' });
    expect(entry.query).toMatchObject({ q: 'from:northstar-talent.com', maxResults: '5' });
  });
});

describe('quota', () => {
  it('answers 429 userRateLimitExceeded with Retry-After once a burst exceeds the per-user budget', async () => {
    let t = Date.parse(SEED_ANCHOR);
    const small = await startGoogleEmulator({ clock: () => t, quotaUnitsPerMinute: 30 });
    try {
      const tok = (await small.issueTokens(MAYA)).access_token;
      const get = (path: string) => fetch(`${small.url}${path}`, { headers: { authorization: `Bearer ${tok}` } });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await get('/gmail/v1/users/me/messages?maxResults=1')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
      const res = await get('/gmail/v1/users/me/messages?maxResults=1');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = (await res.json()) as { error: { status: string; errors: Array<{ reason: string; domain: string }> } };
      expect(body.error.status).toBe('RESOURCE_EXHAUSTED');
      expect(body.error.errors[0]).toMatchObject({ reason: 'userRateLimitExceeded', domain: 'usageLimits' });
      // other users have their own budget
      const other = (await small.issueTokens(DANIEL)).access_token;
      expect((await fetch(`${small.url}/gmail/v1/users/me/profile`, { headers: { authorization: `Bearer ${other}` } })).status).toBe(200);
      t += 61_000;
      expect((await get('/gmail/v1/users/me/messages?maxResults=1')).status).toBe(200);
      const units = small.log.filter((e) => e.status === 200 && e.user === MAYA).map((e) => e.quotaUnits);
      expect(units.every((u) => u === 5)).toBe(true);
    } finally {
      await small.close();
    }
  });
});

describe('faults', () => {
  it('injects statuses at a rate, deterministically, with Retry-After on 429', async () => {
    const { token } = await clientFor(DANIEL);
    const run = async () => {
      emu.faults.clear();
      emu.faults.set({ api: 'gmail', operation: 'gmail.users.getProfile', status: 429, rate: 0.5, retryAfterSeconds: 2 });
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await call('/gmail/v1/users/me/profile', token)).status);
      return out;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(a).toContain(429);
    expect(a).toContain(200);
    const r = await (async () => {
      emu.faults.set({ api: 'drive', status: 503, times: 1 });
      return call('/drive/v3/files?q=trashed%3Dfalse', (await clientFor(DANIEL, FULL_DRIVE)).token);
    })();
    expect(r.status).toBe(503);
    expect(r.body.error.errors[0].reason).toBe('backendError');
    emu.faults.clear();
    const limited = await call('/gmail/v1/users/me/profile', token);
    expect(limited.status).toBe(200);
    emu.faults.set({ api: 'gmail', status: 429, retryAfterSeconds: 3, times: 1 });
    const x = await call('/gmail/v1/users/me/profile', token);
    expect(x.status).toBe(429);
    expect(x.headers.get('retry-after')).toBe('3');
    expect(emu.log.at(-1)!.fault).toBe(true);
    emu.faults.clear();
  });
});

describe('Drive', () => {
  const perms = () => emu.seed!.truth.permissions;

  it('hides a file from users without access (404) and refuses writes to readers (403)', async () => {
    const maya = await clientFor(MAYA, FULL_DRIVE);
    const daniel = await clientFor(DANIEL, FULL_DRIVE);
    const priv = perms().privateFolder.id;
    const hidden = await call(`/drive/v3/files/${priv}`, maya.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toMatchObject({ code: 404, message: `File not found: ${priv}.`, errors: [{ reason: 'notFound', location: 'fileId', locationType: 'parameter' }] });
    expect((await daniel.drive.files.get({ fileId: priv })).data).toMatchObject({ id: priv, mimeType: 'application/vnd.google-apps.folder' });

    const ro = perms().readOnlySpreadsheet.id;
    expect((await maya.drive.files.get({ fileId: ro, fields: 'id,name,capabilities(canEdit)' })).data).toEqual({ id: ro, name: 'Agency rate benchmarks', capabilities: { canEdit: false } });
    const rename = await call(`/drive/v3/files/${ro}`, maya.token, { method: 'PATCH', body: JSON.stringify({ name: 'Mine now' }) });
    expect(rename.status).toBe(403);
    expect(rename.body.error.errors[0].reason).toBe('insufficientFilePermissions');
    const write = await call(`/v4/spreadsheets/${ro}/values/A1?valueInputOption=RAW`, maya.token, { method: 'PUT', body: JSON.stringify({ values: [['x']] }) });
    expect(write.status).toBe(403);
    expect(write.body.error).toMatchObject({ code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' });
    const privSheet = await call(`/v4/spreadsheets/${perms().privateSpreadsheet.id}`, maya.token);
    expect(privSheet.status).toBe(403);
    const missing = await call('/v4/spreadsheets/1doesnotexist0000000000000000000000000000000', maya.token);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Requested entity was not found.');
  });

  it('inherits folder permissions and lists with q', async () => {
    const daniel = await clientFor(DANIEL, FULL_DRIVE);
    const folder = perms().sharedFolder.id;
    const list = await daniel.drive.files.list({ q: `'${folder}' in parents and trashed = false and mimeType = 'application/vnd.google-apps.spreadsheet'`, fields: 'files(id,name,parents,owners(emailAddress))' });
    expect(list.data.files).toEqual([{ id: emu.seed!.truth.longlist.spreadsheetId, name: emu.seed!.truth.longlist.title, parents: [folder], owners: [{ emailAddress: MAYA }] }]);
    const bad = await call(`/drive/v3/files?q=${encodeURIComponent("name = 'x' and")}`, daniel.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.errors[0]).toMatchObject({ reason: 'invalid', location: 'q' });
  });

  it('limits the drive.file scope to files the app created', async () => {
    const maya = await clientFor(MAYA);
    expect((await call(`/drive/v3/files/${emu.seed!.truth.longlist.spreadsheetId}`, maya.token)).status).toBe(404);
    // ...while the spreadsheets scope still reads the user's sheets
    const v = await maya.sheets.spreadsheets.values.get({ spreadsheetId: emu.seed!.truth.longlist.spreadsheetId, range: 'Longlist!A1:C1' });
    expect(v.data.values).toEqual([['Talent Name', 'E-mail', 'Manager']]);
  });

  it('creates folders and spreadsheets, shares them, renames, moves, trashes and deletes', async () => {
    const maya = await clientFor(MAYA);
    const daniel = await clientFor(DANIEL);
    const root = await maya.drive.files.create({ requestBody: { name: 'Threadline', mimeType: 'application/vnd.google-apps.folder' }, fields: 'id,name,parents,webViewLink' });
    expect(root.data.webViewLink).toBe(`https://drive.google.com/drive/folders/${root.data.id}`);
    const camp = await maya.drive.files.create({ requestBody: { name: 'glow-serum-q1', mimeType: 'application/vnd.google-apps.folder', parents: [root.data.id!] } });
    expect(Object.keys(camp.data).sort()).toEqual(['id', 'kind', 'mimeType', 'name']);
    const sheet = await maya.drive.files.create({ requestBody: { name: 'Outreach tracker', mimeType: 'application/vnd.google-apps.spreadsheet', parents: [camp.data.id!] }, fields: 'id' });
    const ss = await maya.sheets.spreadsheets.get({ spreadsheetId: sheet.data.id! });
    expect(ss.data.properties!.title).toBe('Outreach tracker');
    expect(ss.data.sheets!.map((s) => s.properties!.title)).toEqual(['Sheet1']);

    expect((await call(`/drive/v3/files/${sheet.data.id}`, daniel.token)).status).toBe(404);
    const perm = await maya.drive.permissions.create({ fileId: root.data.id!, requestBody: { role: 'writer', type: 'user', emailAddress: DANIEL }, sendNotificationEmail: false });
    expect(perm.data).toMatchObject({ kind: 'drive#permission', type: 'user', role: 'writer' });
    expect((await daniel.sheets.spreadsheets.values.update({ spreadsheetId: sheet.data.id!, range: 'Sheet1!A1', valueInputOption: 'RAW', requestBody: { values: [['ok']] } })).data.updatedCells).toBe(1);
    expect((await call(`/drive/v3/files/${sheet.data.id}`, daniel.token, { method: 'DELETE' })).status).toBe(403);

    const renamed = await maya.drive.files.update({ fileId: sheet.data.id!, requestBody: { name: 'Outreach Tracker – Glow' }, addParents: root.data.id!, removeParents: camp.data.id!, fields: 'name,parents' });
    expect(renamed.data).toEqual({ name: 'Outreach Tracker – Glow', parents: [root.data.id] });
    expect((await maya.sheets.spreadsheets.get({ spreadsheetId: sheet.data.id!, fields: 'properties.title' })).data).toEqual({ properties: { title: 'Outreach Tracker – Glow' } });
    await maya.drive.files.update({ fileId: camp.data.id!, requestBody: { trashed: true } });
    const live = await maya.drive.files.list({ q: `'${root.data.id}' in parents and trashed = false`, fields: 'files(name)', orderBy: 'name' });
    expect(live.data.files!.map((f) => f.name)).toEqual(['Outreach Tracker – Glow']);
    expect((await maya.drive.files.delete({ fileId: root.data.id! })).status).toBe(204);
    expect((await call(`/v4/spreadsheets/${sheet.data.id}`, maya.token)).status).toBe(404);
  });
});

describe('Sheets', () => {
  it('creates, formats, writes, appends and reads values', async () => {
    const { sheets: s } = await clientFor(MAYA);
    const created = await s.spreadsheets.create({ requestBody: { properties: { title: 'Tracker' }, sheets: [{ properties: { title: 'Outreach' } }, { properties: { title: 'Tab with spaces' } }] } });
    const id = created.data.spreadsheetId!;
    expect(created.data.spreadsheetUrl).toBe(`https://docs.google.com/spreadsheets/d/${id}/edit`);
    expect(created.data.sheets!.map((x) => x.properties)).toEqual([
      { sheetId: 0, title: 'Outreach', index: 0, sheetType: 'GRID', gridProperties: { rowCount: 1000, columnCount: 26 } },
      expect.objectContaining({ title: 'Tab with spaces', index: 1 }),
    ]);
    const bu = await s.spreadsheets.batchUpdate({
      spreadsheetId: id,
      requestBody: {
        requests: [
          { repeatCell: { range: { sheetId: 0, startRowIndex: 0, endRowIndex: 1 }, cell: { userEnteredFormat: { textFormat: { bold: true } } }, fields: 'userEnteredFormat.textFormat.bold' } },
          { updateSheetProperties: { properties: { sheetId: 0, gridProperties: { frozenRowCount: 1 } }, fields: 'gridProperties.frozenRowCount' } },
          { addSheet: { properties: { title: 'Campaigns' } } },
        ],
      },
    });
    expect(bu.data.replies![0]).toEqual({});
    expect(bu.data.replies![2]!.addSheet!.properties!.title).toBe('Campaigns');
    expect(emu.state.spreadsheets.get(id)!.sheets[0]!.formats).toHaveLength(1);
    expect(emu.state.spreadsheets.get(id)!.sheets[0]!.properties.gridProperties).toEqual({ rowCount: 1000, columnCount: 26, frozenRowCount: 1 });

    const up = await s.spreadsheets.values.update({ spreadsheetId: id, range: 'Outreach!A1', valueInputOption: 'USER_ENTERED', requestBody: { values: [['Email', 'Name', 'Rate'], ['a@x.com', 'Ann', '1,500'], ['b@x.com', 'Bo', '2000']] } });
    expect(up.data).toMatchObject({ updatedRange: 'Outreach!A1:C3', updatedRows: 3, updatedColumns: 3, updatedCells: 9 });
    const ap = await s.spreadsheets.values.append({ spreadsheetId: id, range: 'Outreach!A1', valueInputOption: 'RAW', insertDataOption: 'INSERT_ROWS', requestBody: { values: [['c@x.com', 'Cy', '900']] } });
    expect(ap.data.tableRange).toBe('Outreach!A1:C3');
    expect(ap.data.updates).toMatchObject({ updatedRange: 'Outreach!A4:C4', updatedRows: 1, updatedCells: 3 });
    const got = await s.spreadsheets.values.get({ spreadsheetId: id, range: 'Outreach!A1:Z' });
    expect(got.data).toEqual({ range: 'Outreach!A1:Z1001', majorDimension: 'ROWS', values: [['Email', 'Name', 'Rate'], ['a@x.com', 'Ann', '1500'], ['b@x.com', 'Bo', '2000'], ['c@x.com', 'Cy', '900']] });
    const unformatted = await s.spreadsheets.values.get({ spreadsheetId: id, range: 'Outreach!C2:C4', valueRenderOption: 'UNFORMATTED_VALUE' });
    expect(unformatted.data.values).toEqual([[1500], [2000], ['900']]);

    const batch = await s.spreadsheets.values.batchUpdate({ spreadsheetId: id, requestBody: { valueInputOption: 'RAW', data: [{ range: "'Tab with spaces'!A1:B2", values: [['k', 'v'], ['x', 'y']] }, { range: 'Campaigns!A1', values: [['glow-serum-q1']] }] } });
    expect(batch.data).toMatchObject({ totalUpdatedCells: 5, totalUpdatedRows: 3, totalUpdatedSheets: 2 });
    const many = await s.spreadsheets.values.batchGet({ spreadsheetId: id, ranges: ["'Tab with spaces'!A:D", 'Campaigns'] });
    expect(many.data.valueRanges).toEqual([
      { range: "'Tab with spaces'!A1:D1000", majorDimension: 'ROWS', values: [['k', 'v'], ['x', 'y']] },
      { range: 'Campaigns!A1:Z1000', majorDimension: 'ROWS', values: [['glow-serum-q1']] },
    ]);
  });

  it('reports A1 and batchUpdate errors like Sheets', async () => {
    // the seeded longlist was not made by this client: editing it needs the full spreadsheets scope
    const { token } = await clientFor(MAYA, FULL_DRIVE);
    const id = emu.seed!.truth.longlist.spreadsheetId;
    const unknownTab = await call(`/v4/spreadsheets/${id}/values/${encodeURIComponent('Nope!A1')}`, token);
    expect(unknownTab.status).toBe(400);
    expect(unknownTab.body.error.message).toBe('Unable to parse range: Nope!A1');
    const wide = await call(`/v4/spreadsheets/${id}/values/${encodeURIComponent('Longlist!A1:AB2')}`, token);
    expect(wide.status).toBe(400);
    expect(wide.body.error.message).toContain('exceeds grid limits');
    const dup = await call(`/v4/spreadsheets/${id}:batchUpdate`, token, { method: 'POST', body: JSON.stringify({ requests: [{ addSheet: { properties: { title: 'Scratch' } } }, { addSheet: { properties: { title: 'longlist' } } }] }) });
    expect(dup.status).toBe(400);
    expect(dup.body.error.message).toBe('Invalid requests[1].addSheet: A sheet with the name "longlist" already exists. Please enter another name.');
    expect(emu.state.spreadsheets.get(id)!.sheets.map((s) => s.properties.title)).toEqual(['Longlist', 'Influencer variants']);
    const noOption = await call(`/v4/spreadsheets/${id}/values/A1`, token, { method: 'PUT', body: JSON.stringify({ values: [['x']] }) });
    expect(noOption.status).toBe(400);
  });

  it('serves the seeded longlist with the truth row counts', async () => {
    const { sheets: s } = await clientFor(DANIEL);
    const ll = emu.seed!.truth.longlist;
    const meta = await s.spreadsheets.get({ spreadsheetId: ll.spreadsheetId, fields: 'properties.title,sheets.properties.title' });
    expect(meta.data).toEqual({ properties: { title: ll.title }, sheets: ll.tabs.map((t) => ({ properties: { title: t.title } })) });
    for (const tab of ll.tabs) {
      const v = await s.spreadsheets.values.get({ spreadsheetId: ll.spreadsheetId, range: tab.title });
      expect(v.data.values![0]).toEqual(tab.headers);
      expect(v.data.values!.length - 1).toBe(tab.counts.dataRows);
    }
  });
});

describe('OAuth 2.0 / OIDC over HTTP', () => {
  const redirectUri = 'http://127.0.0.1:5173/auth/callback';
  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };
  const authUrl = (p: Record<string, string>) => {
    const u = new URL(`${emu.url}/o/oauth2/v2/auth`);
    for (const [k, v] of Object.entries({ client_id: LOCAL_OAUTH_CLIENT.clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid email profile https://www.googleapis.com/auth/gmail.readonly', ...p })) u.searchParams.set(k, v);
    return u.toString();
  };
  const tokenRequest = (form: Record<string, string>, basic = true) =>
    fetch(`${emu.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(basic ? { authorization: `Basic ${Buffer.from(`${LOCAL_OAUTH_CLIENT.clientId}:${LOCAL_OAUTH_CLIENT.clientSecret}`).toString('base64')}` } : {}) },
      body: new URLSearchParams(form),
    });

  it('publishes discovery and JWKS', async () => {
    const d = (await (await fetch(`${emu.url}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(d).toMatchObject({ issuer: emu.url, authorization_endpoint: `${emu.url}/o/oauth2/v2/auth`, token_endpoint: `${emu.url}/token`, userinfo_endpoint: `${emu.url}/oauth2/v3/userinfo`, jwks_uri: `${emu.url}/oauth2/v3/certs`, revocation_endpoint: `${emu.url}/revoke`, code_challenge_methods_supported: ['S256'] });
    const jwks = (await (await fetch(`${emu.url}/oauth2/v3/certs`)).json()) as { keys: Array<Record<string, string>> };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  });

  it('runs authorization code + PKCE through the account picker, then refresh and revoke', async () => {
    const { verifier, challenge } = pkce();
    const page = await fetch(authUrl({ state: 'st-1', nonce: 'n-1', code_challenge: challenge, code_challenge_method: 'S256', access_type: 'offline' }), { redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const a of emu.seed!.accounts) {
      expect(html).toContain(a.name);
      expect(html).toContain(a.email);
    }
    const href = new RegExp(`data-email="${MAYA}" href="([^"]+)"`).exec(html)![1]!.replace(/&amp;/g, '&');
    const chosen = await fetch(`${emu.url}${href}`, { redirect: 'manual' });
    expect(chosen.status).toBe(302);
    const cb = new URL(chosen.headers.get('location')!);
    expect(`${cb.origin}${cb.pathname}`).toBe(redirectUri);
    expect(cb.searchParams.get('state')).toBe('st-1');
    expect(cb.searchParams.get('iss')).toBe(emu.url);
    const code = cb.searchParams.get('code')!;

    const wrong = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });

    const ok = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(ok.status).toBe(200);
    const tokens = (await ok.json()) as Record<string, string | number>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3599, scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile https://www.googleapis.com/auth/gmail.readonly' });
    expect(tokens.refresh_token).toBeTruthy();
    const { payload } = await jwtVerify(String(tokens.id_token), createRemoteJWKSet(new URL(`${emu.url}/oauth2/v3/certs`)), { issuer: emu.url, audience: LOCAL_OAUTH_CLIENT.clientId, currentDate: new Date(now) });
    expect(payload).toMatchObject({ email: MAYA, email_verified: true, name: 'Maya Okafor', nonce: 'n-1', hd: 'brightwave-agency.com' });
    expect(String(payload.picture)).toMatch(/^data:image\/svg\+xml;base64,/);

    const ui = await fetch(`${emu.url}/oauth2/v3/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await ui.json()).toMatchObject({ email: MAYA, name: 'Maya Okafor', email_verified: true });
    expect((await call('/gmail/v1/users/me/profile', String(tokens.access_token))).status).toBe(200);

    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: String(tokens.refresh_token), client_id: LOCAL_OAUTH_CLIENT.clientId, client_secret: LOCAL_OAUTH_CLIENT.clientSecret }, false);
    expect(refreshed.status).toBe(200);
    const r2 = (await refreshed.json()) as Record<string, string>;
    expect(r2.access_token).not.toBe(tokens.access_token);
    expect(r2.refresh_token).toBeUndefined();

    const revoked = await fetch(`${emu.url}/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: String(tokens.refresh_token) }) });
    expect(revoked.status).toBe(200);
    expect((await call('/gmail/v1/users/me/profile', r2.access_token!)).status).toBe(401);
    const again = await tokenRequest({ grant_type: 'refresh_token', refresh_token: String(tokens.refresh_token) });
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
  });

  it('denies a replayed code and revokes what it issued', async () => {
    const { verifier, challenge } = pkce();
    const res = await fetch(authUrl({ login_hint: DANIEL, code_challenge: challenge, code_challenge_method: 'S256' }), { redirect: 'manual' });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const first = (await (await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier })).json()) as Record<string, string>;
    expect(first.refresh_token).toBeUndefined();
    expect((await call('/gmail/v1/users/me/profile', first.access_token!)).status).toBe(200);
    const replay = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');
    expect((await call('/gmail/v1/users/me/profile', first.access_token!)).status).toBe(401);
  });

  it('auto-selects with login_hint and issues a refresh token only on first offline consent', async () => {
    const first = pkce();
    const a = await fetch(authUrl({ login_hint: PRIYA, state: 's', code_challenge: first.challenge, code_challenge_method: 'S256', access_type: 'offline' }), { redirect: 'manual' });
    expect(a.status).toBe(302);
    const codeA = new URL(a.headers.get('location')!).searchParams.get('code')!;
    const ta = (await (await tokenRequest({ grant_type: 'authorization_code', code: codeA, redirect_uri: redirectUri, code_verifier: first.verifier })).json()) as Record<string, string>;
    expect(ta.refresh_token).toBeTruthy();
    const second = pkce();
    const b = await fetch(authUrl({ login_hint: PRIYA, state: 's', code_challenge: second.challenge, code_challenge_method: 'S256', access_type: 'offline' }), { redirect: 'manual' });
    const tb = (await (await tokenRequest({ grant_type: 'authorization_code', code: new URL(b.headers.get('location')!).searchParams.get('code')!, redirect_uri: redirectUri, code_verifier: second.verifier })).json()) as Record<string, string>;
    expect(tb.access_token).toBeTruthy();
    expect(tb.refresh_token).toBeUndefined();
    const third = pkce();
    const c = await fetch(authUrl({ login_hint: PRIYA, prompt: 'consent', code_challenge: third.challenge, code_challenge_method: 'S256', access_type: 'offline' }), { redirect: 'manual' });
    const tc = (await (await tokenRequest({ grant_type: 'authorization_code', code: new URL(c.headers.get('location')!).searchParams.get('code')!, redirect_uri: redirectUri, code_verifier: third.verifier })).json()) as Record<string, string>;
    expect(tc.refresh_token).toBeTruthy();
  });

  it('signs a preset account in without the picker when auto-select is on', async () => {
    emu.autoSelectAccount(DANIEL);
    try {
      const res = await fetch(authUrl({ state: 'auto' }), { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get('location')!).searchParams.get('state')).toBe('auto');
      expect((await fetch(authUrl({ prompt: 'select_account' }), { redirect: 'manual' })).status).toBe(200);
    } finally {
      emu.autoSelectAccount(undefined);
    }
    expect((await fetch(authUrl({}), { redirect: 'manual' })).status).toBe(200);
  });

  it('rejects bad clients, redirect URIs, PKCE methods and client secrets', async () => {
    const bad = await fetch(authUrl({ redirect_uri: 'https://evil.example.com/cb' }), { redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('redirect_uri_mismatch');
    expect((await fetch(authUrl({ client_id: 'nope' }), { redirect: 'manual' })).status).toBe(400);
    const plain = await fetch(authUrl({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain', state: 'z' }), { redirect: 'manual' });
    expect(plain.status).toBe(302);
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const none = await fetch(authUrl({ prompt: 'none', state: 'z' }), { redirect: 'manual' });
    expect(new URL(none.headers.get('location')!).searchParams.get('error')).toBe('login_required');
    const secret = await fetch(`${emu.url}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', client_id: LOCAL_OAUTH_CLIENT.clientId, client_secret: 'wrong' }) });
    expect(secret.status).toBe(401);
    expect(await secret.json()).toEqual({ error: 'invalid_client', error_description: 'Unauthorized' });
  });

  it('expires access tokens with the clock', async () => {
    const t = await emu.issueTokens(DANIEL);
    expect((await call('/gmail/v1/users/me/profile', t.access_token)).status).toBe(200);
    now += 3600_000;
    try {
      expect((await call('/gmail/v1/users/me/profile', t.access_token)).status).toBe(401);
    } finally {
      now -= 3600_000;
    }
  });
});

describe('control API', () => {
  it('adds messages, reads the log and sets faults over HTTP', async () => {
    const post = (path: string, body: unknown) => fetch(`${emu.url}/__emulator${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const added = (await (await post('/messages', { mailbox: DANIEL, from: 'New Talent <new.talent@gmail.com>', to: [DANIEL], subject: 'Hello!', body: 'Interested in working together.' })).json()) as { id: string; threadId: string };
    expect(added.id).toBe(added.threadId);
    expect(emu.state.mailboxes.get(DANIEL)!.messages.get(added.id)!.labelIds).toContain('INBOX');
    expect((await post('/messages', { mailbox: 'nobody@x.com', from: 'a@b.c', to: ['x@y.z'] })).status).toBe(400);
    await post('/faults', { api: 'sheets', status: 500, rate: 1, times: 1 });
    expect(emu.faults.list()).toHaveLength(1);
    await fetch(`${emu.url}/__emulator/faults`, { method: 'DELETE' });
    expect(emu.faults.list()).toHaveLength(0);
    const log = (await (await fetch(`${emu.url}/__emulator/log?api=gmail&since=0`)).json()) as { entries: Array<{ api: string }> };
    expect(log.entries.length).toBeGreaterThan(0);
    expect(log.entries.every((e) => e.api === 'gmail')).toBe(true);
    const tok = (await (await post('/tokens', { email: PRIYA })).json()) as { access_token: string };
    expect((await call('/gmail/v1/users/me/profile', tok.access_token)).status).toBe(200);
    // reset: back to the seed, sign-ins kept
    expect((await post('/reset', {})).status).toBe(204);
    expect(emu.state.mailboxes.get(DANIEL)!.messages.has(added.id)).toBe(false);
    expect(emu.state.mailboxes.get(DANIEL)!.messages.size).toBe(emu.seed!.mailboxes.find((m) => m.email === DANIEL)!.messages.length);
    expect((await call('/gmail/v1/users/me/profile', tok.access_token)).status).toBe(200);
  });
});
