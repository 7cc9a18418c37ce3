/**
 * Longlist import benchmark: `npx tsx bench/import.ts` (or `npm run bench`).
 *
 * A 20,000-row longlist imported through the HTTP API of the real local runtime (dynalite and the
 * Google emulator): how long the route takes to answer (API Gateway allows 29 s), how long the
 * background import takes, rows per second, the largest answer of the import routes (Lambda
 * allows 6 MB), and that every row is in the table and the influencer list exactly once.
 * Numbers, not pass/fail, except the bounds that are part of the contract.
 */
import type { GoogleEmulator } from '../test/emulators/google/server';
import { truth } from '../test/fixtures/seed';
import { boot } from '../test/integration/harness';
import { createAgency, signIn } from '../test/integration/identity-helpers';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const API_TIMEOUT_MS = 29_000;
const ANSWER_MAX_BYTES = 6 * 1024 * 1024;

type ImportState = { import_id: string; status: string; processed_rows: number; imported: number; error: string | null };

export const runImportBench = async (): Promise<boolean> => {
  const booted = await boot();
  const google = booted.runtime.emulators.google as unknown as GoogleEmulator;
  try {
    const staff = await signIn(booted.runtime, truth.longlist.owner);
    await createAgency(staff, 'Bench Import Agency');
    await staff.api.post('/api/campaigns/add', { campaign_id: 'bench', campaign_name: 'Bench', client_name: 'Client' });
    await booted.runtime.settleAsync();
    const { access_token: token } = await google.issueTokens(truth.longlist.owner);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${google.url}/v4/spreadsheets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ properties: { title: 'Bench longlist' }, sheets: [{ properties: { title: 'Longlist', gridProperties: { rowCount: ROWS + 10, columnCount: 5 } } }] }),
    });
    const sheetId = ((await created.json()) as { spreadsheetId: string }).spreadsheetId;
    const values = [['Influencer', 'E-mail', 'Agent'], ...Array.from({ length: ROWS }, (_, i) => [`Creator ${i}`, `creator.${i}@example.com`, `agent${i % 40}@mgmt.test`])];
    await fetch(`${google.url}/v4/spreadsheets/${sheetId}/values/${encodeURIComponent("'Longlist'!A1")}?valueInputOption=RAW`, { method: 'PUT', headers, body: JSON.stringify({ values }) });

    const started = Date.now();
    const answer = await staff.api.post<ImportState>('/api/campaigns/import-longlist', { campaign_id: 'bench', source_sheet_id: sheetId, source_tab_name: 'Longlist' });
    const answeredIn = Date.now() - started;
    let largest = answer.text.length;
    let state = answer.body;
    while (state.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const polled = await staff.api.get<ImportState>(`/api/campaigns/import-longlist/${answer.body.import_id}`);
      largest = Math.max(largest, polled.text.length);
      state = polled.body;
    }
    const seconds = (Date.now() - started) / 1000;
    const list = (await staff.api.get<{ campaign: { influencer_list_sheet_id: string } }>('/api/campaigns/bench')).body.campaign.influencer_list_sheet_id;
    const listed = google.state.spreadsheets.get(list)!.sheets[0]!.cells.filter((row) => row.some((cell) => cell !== null && cell !== '')).length - 1;
    const stored = (await staff.api.get<{ summary: { total_contacts: number } }>('/api/campaigns/contacts/tracking')).body.summary.total_contacts;
    console.table([
      {
        rows: ROWS,
        'route answered (ms)': answeredIn,
        'import done (s)': Number(seconds.toFixed(1)),
        'rows / s': Math.round(ROWS / seconds),
        'largest answer (bytes)': largest,
        status: state.status,
        'contacts stored': stored,
        'influencer list rows': listed,
      },
    ]);
    const ok = answeredIn < API_TIMEOUT_MS && largest < ANSWER_MAX_BYTES && state.status === 'succeeded' && stored === ROWS && listed === ROWS;
    if (!ok) console.log(`import bench: FAILED (${state.error ?? 'counts or bounds off'})`);
    return ok;
  } finally {
    await booted.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit((await runImportBench()) ? 0 : 1);
}
