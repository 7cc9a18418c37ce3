import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleEmulator } from '../emulators/google/server';
import { truth } from '../fixtures/seed';
import { boot, type Booted } from './harness';
import { createAgency, signIn, type SignedIn } from './identity-helpers';
import { waitFor } from './processing-helpers';

// Three chunks of the background import; the 20,000-row run (about a minute and a half on dynalite)
// is in the bench: `npm run bench` (bench/import.ts).
const ROWS = 1_500;
/** API Gateway ends an integration after 29 s: the route must answer well inside it, whatever the sheet's size. */
const API_TIMEOUT_MS = 29_000;
/** Lambda answers at most 6 MB; a bounded answer stays far below it whatever the sheet holds. */
const ANSWER_MAX_BYTES = 20_000;

type ImportState = { import_id: string; status: string; total_rows: number; processed_rows: number; imported: number; skipped: number; duplicates: number };

describe('longlist import at scale', () => {
  let booted: Booted;
  let google: GoogleEmulator;
  let staff: SignedIn;
  let sheetId: string;

  beforeAll(async () => {
    booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    staff = await signIn(booted.runtime, truth.longlist.owner);
    await createAgency(staff, 'Scale Agency');
    expect((await staff.api.post('/api/campaigns/add', { campaign_id: 'scale', campaign_name: 'Scale', client_name: 'Client' })).status).toBe(200);
    await booted.runtime.settleAsync();

    // A longlist of ROWS rows made through the Sheets API as the staff member, as a person would.
    const { access_token: token } = await google.issueTokens(truth.longlist.owner);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${google.url}/v4/spreadsheets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ properties: { title: 'Big longlist' }, sheets: [{ properties: { title: 'Longlist', gridProperties: { rowCount: ROWS + 10, columnCount: 5 } } }] }),
    });
    sheetId = ((await created.json()) as { spreadsheetId: string }).spreadsheetId;
    const values = [['Influencer', 'E-mail', 'Agent'], ...Array.from({ length: ROWS }, (_, i) => [`Creator ${i}`, `Creator.${i}@Example.com`, `agent${i % 40}@mgmt.test`])];
    const written = await fetch(`${google.url}/v4/spreadsheets/${sheetId}/values/${encodeURIComponent("'Longlist'!A1")}?valueInputOption=RAW`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ values }),
    });
    expect(written.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await booted?.stop();
  });

  it(`imports ${ROWS} rows in the background: the route answers at once, progress is reported, each contact stored once and listed once`, async () => {
    const started = Date.now();
    const response = await staff.api.post<ImportState>('/api/campaigns/import-longlist', {
      campaign_id: 'scale',
      source_sheet_id: sheetId,
      source_tab_name: 'Longlist',
    });
    const answeredIn = Date.now() - started;
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body).toMatchObject({ import_id: expect.any(String), status: 'running', total_rows: ROWS });
    expect(answeredIn).toBeLessThan(API_TIMEOUT_MS);
    expect(response.text.length).toBeLessThan(ANSWER_MAX_BYTES);

    let polls = 0;
    let largest = 0;
    const done = await waitFor(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const state = await staff.api.get<ImportState>(`/api/campaigns/import-longlist/${response.body.import_id}`);
        polls += 1;
        largest = Math.max(largest, state.text.length);
        return state.body.status === 'running' ? undefined : state.body;
      },
      'the import to finish',
      600_000,
    );
    const elapsed = Date.now() - started;
    console.log(`import-scale: ${ROWS} rows; route answered in ${answeredIn} ms (API Gateway allows ${API_TIMEOUT_MS} ms); imported in the background in ${elapsed} ms; ${polls} status polls, largest answer ${largest} bytes`);
    expect(done).toMatchObject({ status: 'succeeded', processed_rows: ROWS, imported: ROWS, skipped: 0, duplicates: 0 });
    expect(largest).toBeLessThan(ANSWER_MAX_BYTES);

    const summary = await staff.api.get<{ summary: { total_contacts: number } }>('/api/campaigns/contacts/tracking');
    expect(summary.body.summary.total_contacts).toBe(ROWS);
    const list = (await staff.api.get<{ campaign: { influencer_list_sheet_id: string } }>('/api/campaigns/scale')).body.campaign.influencer_list_sheet_id;
    const rows = google.state.spreadsheets.get(list)!.sheets[0]!.cells.filter((row) => row.some((cell) => cell !== null && cell !== ''));
    expect(rows.length).toBe(ROWS + 1);
  }, 660_000);
});
