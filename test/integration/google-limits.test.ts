import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTREACH_TRACKER_HEADERS, OUTREACH_TRACKER_TAB } from '../../functions/lib/campaigns/layout';
import type { TrackerRow } from '../../functions/lib/conversations/tracker-rows';
import { createDriveClient } from '../../functions/lib/google/drive';
import { a1, createSheetsClient } from '../../functions/lib/google/sheets';
import { createSheetsQuotaLimiter, SHEETS_DEFAULT_QUOTA } from '../../functions/lib/google/sheets-quota';
import { outreachDiff } from '../../functions/lib/processing/outreach-sheet';
import { startGoogleEmulator, type GoogleEmulator } from '../emulators/google/server';
import { truth } from '../fixtures/seed';
import { contextFor } from '../contract/google-helpers';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';

/**
 * Google's limits the product must live with (issue 14, point 4 and 5): grids of 1,000 rows
 * that values writes do not grow, Sheets' per-user/per-project request quotas (scaled here to a
 * 2-second window), and Drive's trash (descendants of a trashed folder are trashed; one parent).
 */
const MAYA = 'maya@brightwave-agency.com';
const WINDOW_MS = 2_000;

const rowFor = (i: number): TrackerRow =>
  Object.fromEntries(OUTREACH_TRACKER_HEADERS.map((header) => [header, header === 'Email' ? `talent${i}@example.com` : header === 'Talent' ? `Talent ${i}` : `${header} ${i}`])) as TrackerRow;

describe('Sheets and Drive limits against the Google emulator', () => {
  let g: GoogleEmulator;
  let refreshToken: string;
  let accessToken: string;

  beforeAll(async () => {
    g = await startGoogleEmulator({ port: 0, seed: 'default', sheetsQuota: { writesPerUser: 60, readsPerUser: 60, writesPerProject: 300, readsPerProject: 300, windowMs: WINDOW_MS } });
    const tokens = await g.issueTokens(MAYA);
    refreshToken = tokens.refresh_token!;
    accessToken = tokens.access_token;
  });
  afterAll(() => g.close());

  const limiter = () => createSheetsQuotaLimiter({ ...SHEETS_DEFAULT_QUOTA, windowMs: WINDOW_MS });
  const sheetsFor = () => createSheetsClient({ ...contextFor(g.url, refreshToken), user: MAYA, limiter: limiter() });
  const waitWindow = () => new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 100));
  const rawWrite = (spreadsheetId: string, range: string, values: unknown[][]) =>
    fetch(`${g.url}/v4/spreadsheets/${spreadsheetId}/values/${encodeURIComponent(range)}?valueInputOption=RAW`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ values }),
    });

  it('refuses values writes below the grid (as Sheets does) and the product grows the tracker to row 1,500', async () => {
    const sheets = sheetsFor();
    const tracker = await sheets.createSpreadsheet('Limits - Outreach Tracker', [{ name: OUTREACH_TRACKER_TAB, headers: [...OUTREACH_TRACKER_HEADERS] }]);
    const raw = await rawWrite(tracker.id, a1(OUTREACH_TRACKER_TAB, 'A1500'), [['x']]);
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { message: string } }).error.message).toBe(`Range (${OUTREACH_TRACKER_TAB}!A1500) exceeds grid limits. Max rows: 1000, max columns: 26`);

    // 1,499 contacts below the header: the diff writes rows 2..1500 in one values.batchUpdate.
    const existing = await sheets.readValues(tracker.id, a1(OUTREACH_TRACKER_TAB));
    const data = outreachDiff(existing, Array.from({ length: 1499 }, (_, i) => rowFor(i + 1)));
    const written = await sheets.batchUpdateValues(tracker.id, data);
    expect(written.updatedRows).toBe(1499);
    const sheet = g.state.spreadsheets.get(tracker.id)!.sheets[0]!;
    expect(sheet.properties.gridProperties.rowCount).toBeGreaterThanOrEqual(1500);
    expect(sheet.cells[1499]?.[1]).toBe('talent1499@example.com');
    const appended = g.log.filter((e) => e.operation === 'sheets.spreadsheets.batchUpdate' && JSON.stringify(e.body).includes('appendDimension'));
    expect(appended).toHaveLength(1);
    // values.append still grows the grid on its own.
    await sheets.appendRows(tracker.id, OUTREACH_TRACKER_TAB, [['Late', 'late@example.com']]);
    expect(sheet.cells.length).toBeGreaterThan(1500);
    await waitWindow();
  });

  it('answers 429 RESOURCE_EXHAUSTED past 60 writes per user in the window', async () => {
    const sheets = sheetsFor();
    const { id } = await sheets.createSpreadsheet('Limits - quota', [{ name: 'Data', headers: ['n'] }]);
    await waitWindow();
    const answers = await Promise.all(Array.from({ length: 61 }, (_, i) => rawWrite(id, `Data!A${i + 2}`, [[i]])));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(60);
    const refused = answers.find((r) => r.status === 429)!;
    const body = (await refused.json()) as { error: { status: string; message: string; details: { reason: string; metadata: { quota_limit: string } }[] } };
    expect(body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(body.error.message).toMatch(/^Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'sheets\.googleapis\.com'/);
    expect(body.error.details[0]).toMatchObject({ reason: 'RATE_LIMIT_EXCEEDED', metadata: { quota_limit: 'WriteRequestsPerMinutePerUser' } });
    await waitWindow();
  });

  it('keeps a burst of 200 Sheets writes under the quota with no failure', async () => {
    const sheets = sheetsFor();
    const { id } = await sheets.createSpreadsheet('Limits - burst', [{ name: 'Data', headers: ['n'] }]);
    await waitWindow();
    const since = g.log.length;
    const started = Date.now();
    await Promise.all(Array.from({ length: 200 }, (_, i) => sheets.batchUpdateValues(id, [{ range: a1('Data', `A${i + 2}`), values: [[i]] }])));
    const calls = g.log.slice(since).filter((e) => e.api === 'sheets');
    expect(calls.filter((e) => e.status !== 200)).toEqual([]);
    expect(calls).toHaveLength(200);
    // ~60 per 2 s: the limiter spread them over several windows instead of failing.
    expect(Date.now() - started).toBeGreaterThan(4 * WINDOW_MS);
    expect(g.state.spreadsheets.get(id)!.sheets[0]!.cells.length).toBe(201);
  }, 60_000);

  it('reports the files of a trashed folder as trashed and refuses a second parent', async () => {
    const drive = createDriveClient(contextFor(g.url, refreshToken));
    const folder = await drive.createFolder('Limits - trash');
    const other = await drive.createFolder('Limits - elsewhere');
    const child = await drive.createFolder('Inside', folder.id);
    await drive.trash(folder.id);
    expect(await drive.trashState(folder.id)).toMatchObject({ trashed: true, explicitly: true });
    expect(await drive.trashState(child.id)).toMatchObject({ trashed: true, explicitly: false });
    expect(await drive.listChildren(folder.id)).toEqual([]);
    await drive.untrash(folder.id);
    expect(await drive.trashState(child.id)).toMatchObject({ trashed: false, explicitly: false });
    const secondParent = await fetch(`${g.url}/drive/v3/files/${child.id}?addParents=${other.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(secondParent.status).toBe(403);
    expect(((await secondParent.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe('cannotAddParent');
    await expect(drive.moveToFolder(child.id, other.id)).resolves.toMatchObject({ parents: [other.id] });
  });
});

describe('a trashed Threadline folder, through the product', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let staff: SignedIn;

  beforeAll(async () => {
    booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    staff = await signIn(booted.runtime, truth.longlist.owner);
    expect((await createAgency(staff, 'Brightwave Limits')).drive_ready).toBe(true);
  });
  afterAll(async () => {
    await booted?.stop();
  });

  it('is restored from the trash by the health check: same folder id, sheets keep their rows', async () => {
    type Health = { healthy: boolean; recovered?: boolean; threadline_folder: { id: string; exists: boolean }; campaigns_tracker: { id: string } };
    const created = await staff.api.post('/api/campaigns/add', {
      campaign_id: 'trash-q1',
      campaign_name: 'Trash Q1',
      client_name: 'Lumen Skincare',
      project_name: 'Spring launch',
      deliverables: '1 Reel',
      additional_details: '',
      campaign_live_dates: '2027-03-01 to 2027-03-31',
    });
    expect(created.status).toBe(200);
    await booted.runtime.settleAsync();
    const before = (await staff.api.get<Health>('/api/campaigns/drive/health')).body;
    expect(before.healthy).toBe(true);
    const campaign = (await staff.api.get<{ campaign: { campaign_folder_id: string; outreach_tracker_sheet_id: string } }>('/api/campaigns/trash-q1')).body.campaign;
    const trackerRows = () => (google.state.spreadsheets.get(before.campaigns_tracker.id)?.sheets[0]?.cells ?? []).map((row) => String(row[0] ?? ''));
    expect(trackerRows()).toContain('trash-q1');

    // Someone drags the Threadline folder to the Drive trash.
    google.state.files.get(before.threadline_folder.id)!.trashed = true;

    const after = await staff.api.get<Health>('/api/campaigns/drive/health');
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ healthy: true, recovered: true });
    expect(after.body.threadline_folder.id).toBe(before.threadline_folder.id);
    expect(after.body.campaigns_tracker.id).toBe(before.campaigns_tracker.id);
    expect(google.state.files.get(before.threadline_folder.id)!.trashed).toBe(false);
    expect(trackerRows()).toContain('trash-q1');
    // Nothing was recreated: the campaign keeps its folder and sheets, out of the trash with the root.
    const again = (await staff.api.get<{ campaign: { status: string; campaign_folder_id: string; outreach_tracker_sheet_id: string } }>('/api/campaigns/trash-q1')).body.campaign;
    expect(again).toMatchObject({ status: 'ready', campaign_folder_id: campaign.campaign_folder_id, outreach_tracker_sheet_id: campaign.outreach_tracker_sheet_id });
    expect(google.state.files.get(campaign.campaign_folder_id)?.parents).toEqual([before.threadline_folder.id]);
    expect([...google.state.files.values()].filter((f) => f.name === 'Threadline' && f.owner === truth.longlist.owner)).toHaveLength(1);
  });
});
