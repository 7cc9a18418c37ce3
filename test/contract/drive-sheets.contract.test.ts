import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDriveClient, FOLDER_MIME, SPREADSHEET_MIME, type DriveClient } from '../../functions/lib/google/drive';
import { GoogleNotFound, GooglePermissionDenied } from '../../functions/lib/google/errors';
import { a1, createSheetsClient, type SheetsClient } from '../../functions/lib/google/sheets';
import { startGoogleEmulator, type GoogleEmulator } from '../emulators/google/server';
import { truth } from '../fixtures/seed/index';
import { contextFor } from './google-helpers';

/** Drive and Sheets adapters against the emulator: request shapes and parsed results. */
let g: GoogleEmulator;
const drives = new Map<string, DriveClient>();
const sheetsOf = new Map<string, SheetsClient>();

beforeAll(async () => {
  g = await startGoogleEmulator({ port: 0, seed: 'default' });
  for (const account of g.seed!.accounts) {
    const { refresh_token } = await g.issueTokens(account.email);
    const ctx = contextFor(g.url, refresh_token!);
    drives.set(account.email, createDriveClient(ctx));
    sheetsOf.set(account.email, createSheetsClient(ctx));
  }
});
afterAll(() => g.close());

const MAYA = 'maya@brightwave-agency.com';
const DANIEL = 'daniel@brightwave-agency.com';
const last = (api: string) => g.log.filter((e) => e.api === api).at(-1)!;

describe('Drive adapter', () => {
  it('creates folders, moves a Sheets-created spreadsheet in, lists, shares, trashes and deletes', async () => {
    const drive = drives.get(MAYA)!;
    const sheets = sheetsOf.get(MAYA)!;

    const root = await drive.createFolder('Threadline');
    expect(last('drive')).toMatchObject({ method: 'POST', path: '/drive/v3/files', status: 200 });
    expect(last('drive').body).toEqual({ name: 'Threadline', mimeType: FOLDER_MIME });
    expect(last('drive').query).toMatchObject({ fields: 'id, name, mimeType, parents, trashed, webViewLink' });
    expect(root).toMatchObject({ name: 'Threadline', mimeType: FOLDER_MIME, trashed: false });

    const campaign = await drive.createFolder('Glow Serum Q1', root.id);
    expect(last('drive').body).toEqual({ name: 'Glow Serum Q1', mimeType: FOLDER_MIME, parents: [root.id] });
    expect(campaign.parents).toEqual([root.id]);

    const tracker = await sheets.createSpreadsheet('Outreach Tracker', [{ name: 'Outreach', headers: ['Email', 'Talent Name'] }]);
    const moved = await drive.moveToFolder(tracker.id, campaign.id);
    const update = last('drive');
    expect(update).toMatchObject({ method: 'PATCH', path: `/drive/v3/files/${tracker.id}` });
    expect(update.query).toMatchObject({ addParents: campaign.id });
    expect(moved.parents).toEqual([campaign.id]);

    const children = await drive.listChildren(campaign.id);
    expect(last('drive').query.q).toBe(`'${campaign.id}' in parents and trashed = false`);
    expect(children.map((f) => [f.name, f.mimeType])).toEqual([['Outreach Tracker', SPREADSHEET_MIME]]);
    expect(await drive.listChildren(root.id, { mimeType: FOLDER_MIME, name: "Glow Serum Q1" })).toHaveLength(1);

    const { permissionId } = await drive.share(campaign.id, DANIEL);
    expect(last('drive')).toMatchObject({ method: 'POST', path: `/drive/v3/files/${campaign.id}/permissions` });
    expect(last('drive').query).toMatchObject({ sendNotificationEmail: 'false' });
    expect(last('drive').body).toEqual({ type: 'user', role: 'writer', emailAddress: DANIEL });
    expect(permissionId).toBeTruthy();

    await drive.trash(campaign.id);
    expect(last('drive').body).toEqual({ trashed: true });
    expect((await drive.getFile(campaign.id)).trashed).toBe(true);

    await drive.delete(root.id);
    expect(last('drive')).toMatchObject({ method: 'DELETE', path: `/drive/v3/files/${root.id}`, status: 204 });
    await expect(drive.getFile(root.id)).rejects.toBeInstanceOf(GoogleNotFound);
    await drive.delete(root.id); // already gone: not an error
  });

  it('cannot see another user private folder', async () => {
    const hidden = truth.permissions.privateFolder;
    const other = [...drives.keys()].find((e) => e !== hidden.owner)!;
    await expect(drives.get(other)!.getFile(hidden.id)).rejects.toBeInstanceOf(GoogleNotFound);
  });
});

describe('Sheets adapter', () => {
  it('creates a spreadsheet with bold header rows in one batchUpdate', async () => {
    const sheets = sheetsOf.get(MAYA)!;
    const before = g.log.length;
    const info = await sheets.createSpreadsheet('Campaigns Tracker', [
      { name: 'Campaigns', headers: ['Campaign ID', 'Name', 'Contacts'] },
      { name: 'Summary', headers: ['Metric', 'Value'] },
    ]);
    const calls = g.log.slice(before).filter((e) => e.api === 'sheets');
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/v4/spreadsheets'],
      ['POST', `/v4/spreadsheets/${info.id}:batchUpdate`],
    ]);
    const requests = (calls[1]!.body as { requests: { updateCells: { rows: { values: { userEnteredValue: unknown; userEnteredFormat: { textFormat: unknown } }[] }[] } }[] }).requests;
    expect(requests).toHaveLength(2);
    expect(requests[0]!.updateCells.rows[0]!.values.map((v) => v.userEnteredValue)).toEqual([{ stringValue: 'Campaign ID' }, { stringValue: 'Name' }, { stringValue: 'Contacts' }]);
    expect(requests[0]!.updateCells.rows[0]!.values[0]!.userEnteredFormat.textFormat).toEqual({ bold: true });
    expect(info).toMatchObject({ title: 'Campaigns Tracker', tabs: [{ name: 'Campaigns' }, { name: 'Summary' }] });

    expect(await sheets.getMetadata(info.id)).toEqual({ ...info, url: expect.any(String) });
    expect(await sheets.readValues(info.id, a1('Campaigns'))).toEqual([['Campaign ID', 'Name', 'Contacts']]);
  });

  it('writes many ranges in one call, reads them back, appends rows', async () => {
    const sheets = sheetsOf.get(MAYA)!;
    const { id } = await sheets.createSpreadsheet('Outreach', [{ name: "Talent's tab", headers: ['Email', 'Talent', 'Rate'] }]);
    const before = g.log.length;
    const result = await sheets.batchUpdateValues(id, [
      { range: a1("Talent's tab", 'A2:C2'), values: [['hollie.osei@gmail.com', 'Hollie Osei', '=1+1']] },
      { range: a1("Talent's tab", 'A3:C3'), values: [['sam@x.com', 'Sam', 1500]] },
    ]);
    const writes = g.log.slice(before).filter((e) => e.api === 'sheets');
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: 'POST', path: `/v4/spreadsheets/${id}/values:batchUpdate` });
    expect((writes[0]!.body as { valueInputOption: string }).valueInputOption).toBe('RAW');
    expect(result).toEqual({ updatedCells: 6, updatedRows: 2 });

    await sheets.appendRows(id, "Talent's tab", [['kim@x.com', 'Kim', null]]);
    expect(last('sheets').method).toBe('POST');
    // The range travels percent-encoded in the path; decoded it is the quoted A1 range.
    expect(decodeURIComponent(last('sheets').path)).toBe(`/v4/spreadsheets/${id}/values/'Talent''s tab'!A1:append`);
    expect(last('sheets').query).toMatchObject({ valueInputOption: 'RAW', insertDataOption: 'INSERT_ROWS' });

    const rows = await sheets.readValues(id, a1("Talent's tab"));
    // RAW keeps e-mail text inert: '=1+1' stays a string, never a formula.
    expect(rows).toEqual([
      ['Email', 'Talent', 'Rate'],
      ['hollie.osei@gmail.com', 'Hollie Osei', '=1+1'],
      ['sam@x.com', 'Sam', '1500'],
      ['kim@x.com', 'Kim'],
    ]);
    const both = await sheets.batchGet(id, [a1("Talent's tab", 'A1:A2'), a1("Talent's tab", 'B4')]);
    expect(both.map((r) => r.values)).toEqual([[['Email'], ['hollie.osei@gmail.com']], [['Kim']]]);
  });

  it('reads the seeded longlist tabs as the import sees them', async () => {
    const { longlist } = truth;
    const sheets = sheetsOf.get(longlist.owner)!;
    const meta = await sheets.getMetadata(longlist.spreadsheetId);
    expect(meta.title).toBe(longlist.title);
    expect(meta.tabs.map((t) => t.name)).toEqual(longlist.tabs.map((t) => t.title));
    const tab = longlist.tabs[0]!;
    const values = await sheets.readValues(longlist.spreadsheetId, a1(tab.title));
    expect(values[0]).toEqual(tab.headers);
    expect(values.length - 1).toBeGreaterThanOrEqual(tab.counts.dataRows);
  });

  it('maps permission failures to typed errors whose messages the web client understands', async () => {
    const ro = truth.permissions.readOnlySpreadsheet;
    const reader = sheetsOf.get(ro.readers[0]!)!;
    expect((await reader.getMetadata(ro.id)).title).toBe(ro.title);
    const denied = await reader.batchUpdateValues(ro.id, [{ range: 'A1', values: [['x']] }]).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(GooglePermissionDenied);
    expect((denied as Error).message).toContain('permission');

    const missing = await sheetsOf.get(MAYA)!.getMetadata('1doesNotExist000000000000000000000').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(GoogleNotFound);
    expect((missing as Error).message).toBe('Sheet not found or deleted');
  });
});
