import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuntimeOptions } from '../../infra/local/runtime';
import { contactEntity } from '../../functions/lib/store/entities/contact';
import { longlistImportEntity } from '../../functions/lib/store/entities/longlist-import';
import { messages } from '../../shared/messages';
import { STATUS_LABELS, type ConversationStatus } from '../../shared/schemas/conversations';
import type { GoogleEmulator } from '../emulators/google/server';
import type { OpenAIEmulator } from '../emulators/openai/server';
import { truth } from '../fixtures/seed';
import { boot, client, type Booted, type Client } from './harness';
import { createAgency, signIn } from './identity-helpers';
import { getStatus, makeDue, settle, setupWorld, tabValues, waitFor, type World } from './processing-helpers';

/**
 * Proof that a job never leaves things half done without saying so (issue 13, points 2 and 4):
 * - a sheet sync that fails ends the job with a visible warning; any later job, the monitor and
 *   "Resync sheets" bring every behind tracker up to date;
 * - after a kill -9 mid-job, the dead job is ended (failed, with a message saying what happened)
 *   as soon as the status route or a start request finds it, and Cancel frees it at once;
 * - a long longlist import runs in the background with progress, and a kill mid-import resumes
 *   without a row twice in the table or the influencer list.
 *
 * A kill -9 is simulated in-process: from the kill on, no task of the dead runtime runs again
 * (state-machine tasks hang forever, async ones reject), its executions are forgotten without an
 * end event, Google and OpenAI stop answering it, and it closes with its data kept; Google's and
 * DynamoDB's state (which a real kill does not touch) are kept, and a new runtime starts on them.
 */

// Both campaigns have conversations in this range of the owner's mailbox (10 threads).
const CAMPAIGNS = ['glow-serum-q1', 'summer-sips-2026'];
const START = '2026-03-01';
const END = '2026-04-30';

type Status = Awaited<ReturnType<typeof getStatus>> & { warnings?: string[]; operation_label?: string | null };
type TaskFn = (input: unknown) => Promise<unknown>;

const never = new Promise<never>(() => undefined);

/** The kill switch of one runtime: wrapTask for its options, kill() to "kill -9" it. */
const killSwitch = () => {
  let dead = false;
  let die: (error: Error) => void = () => undefined;
  const death = new Promise<never>((_, reject) => {
    die = reject;
  });
  death.catch(() => undefined);
  const beforeTask = new Map<string, (input: unknown) => void>();
  const wrapTask = (taskId: string, run: TaskFn): TaskFn => {
    const stateMachineTask = taskId.startsWith('Job');
    return (input) => {
      if (dead) return stateMachineTask ? never : Promise.reject(new Error('the process was killed'));
      beforeTask.get(taskId)?.(input);
      const work = run(input);
      return stateMachineTask ? work : Promise.race([work, death]);
    };
  };
  const freeze = (booted: Booted) => {
    (booted.runtime.emulators.google as unknown as GoogleEmulator).setLatency(30_000);
    (booted.runtime.emulators.openai as unknown as OpenAIEmulator).setLatency(30_000);
  };
  return {
    wrapTask,
    beforeTask,
    freeze,
    async kill(booted: Booted) {
      dead = true;
      die(new Error('the process was killed'));
      freeze(booted);
      // The engine that ran them is gone: no abort, no end event, nothing waits for them.
      booted.runtime.engine.executions.clear();
      await booted.stop({ keepData: true });
    },
  };
};

const PERSIST: RuntimeOptions = { emulators: { persist: true } };

/** The same data folder (DynamoDB, Google's state) under a new runtime, and the same session. */
const restart = async (dataDir: string, token: string, options: RuntimeOptions = {}) => {
  const booted = await boot({ ...PERSIST, ...options, dataDir });
  return { booted, api: client(booted.runtime, token), google: booted.runtime.emulators.google as unknown as GoogleEmulator };
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

type Conversation = { contact_email: string | null; status: ConversationStatus; message_count: number };

/**
 * Both trackers as the record says: one outreach row per contact with its status and message
 * count, and the campaign's row in the campaigns tracker with its contact count and a summary.
 */
const expectTrackersComplete = async (api: Client, google: GoogleEmulator, campaignIds: string[]) => {
  const health = await api.get<{ campaigns_tracker: { id: string } }>('/api/campaigns/drive/health');
  const campaignsTracker = tabValues(google, health.body.campaigns_tracker.id, 'Campaigns');
  for (const campaignId of campaignIds) {
    const { campaign } = (await api.get<{ campaign: { outreach_tracker_sheet_id: string } }>(`/api/campaigns/${campaignId}`)).body;
    const list = await api.get<{ items: Conversation[]; total: number }>(`/api/v3/conversations?campaign_id=${campaignId}&limit=500`);
    expect(list.status, list.text).toBe(200);
    const conversations = list.body.items;
    expect(conversations.some((c) => c.message_count > 0), `${campaignId} has processed conversations`).toBe(true);

    const rows = tabValues(google, campaign.outreach_tracker_sheet_id, 'Outreach');
    const header = rows[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    const byEmail = new Map<string, string[][]>();
    for (const row of rows.slice(1)) {
      const email = (row[col('Email')] ?? '').toLowerCase();
      if (email) byEmail.set(email, [...(byEmail.get(email) ?? []), row]);
    }
    expect(byEmail.size, `${campaignId}: one outreach row per contact`).toBe(conversations.length);
    for (const c of conversations) {
      const found = byEmail.get((c.contact_email ?? '').toLowerCase()) ?? [];
      expect(found.length, `${campaignId}: ${c.contact_email} listed once`).toBe(1);
      expect(found[0]![col('Status')], `${campaignId}: ${c.contact_email} status`).toContain(STATUS_LABELS[c.status]);
      expect(found[0]![col('Messages')], `${campaignId}: ${c.contact_email} messages`).toBe(String(c.message_count));
    }

    const trackerHeader = campaignsTracker[0] ?? [];
    const entries = campaignsTracker.filter((row, i) => i > 0 && row[trackerHeader.indexOf('Campaign ID')] === campaignId);
    expect(entries.length, `${campaignId}: one campaigns-tracker row`).toBe(1);
    expect(entries[0]![trackerHeader.indexOf('Contacts')], `${campaignId}: contacts in the campaigns tracker`).toBe(String(conversations.length));
    expect(entries[0]![trackerHeader.indexOf('Summary')]?.trim(), `${campaignId}: summary in the campaigns tracker`).not.toBe('');
  }
};

const outreachEmails = (google: GoogleEmulator, sheetId: string): string[] => {
  const rows = tabValues(google, sheetId, 'Outreach');
  const at = (rows[0] ?? []).indexOf('Email');
  return rows.slice(1).map((row) => (row[at] ?? '').toLowerCase()).filter(Boolean);
};

describe('proof: sheets never silently stay behind', () => {
  it('a failed sheet sync ends the job with a warning; the monitor, then "Resync sheets", bring the trackers up to date', async () => {
    const world = await setupWorld({ campaignIds: CAMPAIGNS });
    cleanups.push(() => world.booted.stop());
    const glow = world.campaigns.get('glow-serum-q1')!.outreach_tracker_sheet_id;

    // Someone took the product's access to the sheets away for the length of a job.
    world.google.faults.set({ api: 'sheets', status: 403, reason: 'forbidden', message: 'The caller does not have permission' });
    expect((await world.api.post('/api/v3/process/interval', { start_date: START, end_date: END })).status).toBe(200);
    const ended: Status = await settle(world);
    world.google.faults.clear();
    expect(ended).toMatchObject({ is_processing: false, status: 'succeeded' });
    expect(ended.warnings).toEqual([expect.stringMatching(/^The sheets could not be updated: .+/)]);
    expect(outreachEmails(world.google, glow)).toEqual([]);

    // Nothing new in the mail: the monitor's check still brings the behind trackers up.
    await makeDue(world.agencyName);
    await world.booted.runtime.runMonitorTick();
    const afterTick: Status = await settle(world);
    expect(afterTick.status).toBe('succeeded');
    expect(afterTick.warnings ?? []).toEqual([]);
    await expectTrackersComplete(world.api, world.google, CAMPAIGNS);

    // A contact added since: its row is missing until a sync; "Resync sheets" writes it.
    const added = await world.api.post('/api/campaigns/contacts/add', { email: 'new.face@example.com', talent_name: 'New Face', email_owner: '', campaign_id: 'glow-serum-q1' });
    expect(added.status, added.text).toBe(200);
    expect(outreachEmails(world.google, glow)).not.toContain('new.face@example.com');
    const resync = await world.api.post<{ success: boolean; task_id: string; message: string }>('/api/v3/sheets/resync');
    expect(resync.status, resync.text).toBe(200);
    expect(resync.body).toMatchObject({ success: true, task_id: expect.any(String), message: expect.any(String) });
    const resynced: Status = await settle(world);
    expect(resynced).toMatchObject({ task_id: resync.body.task_id, status: 'succeeded' });
    expect(outreachEmails(world.google, glow)).toContain('new.face@example.com');
    await expectTrackersComplete(world.api, world.google, CAMPAIGNS);
    console.log('proof-job-integrity: failed sheet sync → warning; monitor tick and Resync brought 2 campaigns\' trackers up to date');
  });

  it('kill -9 mid sheet-sync, restart, re-run: the outreach trackers and the campaigns tracker are complete', async () => {
    const switch_ = killSwitch();
    const world = await setupWorld({ campaignIds: CAMPAIGNS, wrapTask: switch_.wrapTask, ...PERSIST });
    cleanups.push(() => rmSync(world.booted.dataDir, { recursive: true, force: true }));
    // The kill comes once the sync has written its first sheet: part of the sheets written, the rest not.
    let syncStartedAt = -1;
    switch_.beforeTask.set('JobSyncSheets', () => {
      if (syncStartedAt < 0) syncStartedAt = world.google.log.length;
    });
    const crashPoint = waitFor(
      async () => {
        if (syncStartedAt < 0) return undefined;
        const wrote = world.google.log.slice(syncStartedAt).some((entry) => entry.api === 'sheets' && /batchUpdate|append/.test(entry.operation) && entry.status === 200);
        if (!wrote) return undefined;
        switch_.freeze(world.booted);
        return true;
      },
      'the sheet sync to write its first sheet',
      60_000,
    );
    const started = await world.api.post<{ task_id: string }>('/api/v3/process/interval', { start_date: START, end_date: END });
    expect(started.status, started.text).toBe(200);
    await crashPoint;
    await switch_.kill(world.booted);

    const again = await restart(world.booted.dataDir, world.api.token!);
    cleanups.push(() => again.booted.stop());
    // The kill left the sheets part written: not both trackers complete.
    await expect(expectTrackersComplete(again.api, again.google, CAMPAIGNS)).rejects.toThrow();
    const rerun = await again.api.post('/api/v3/process/interval', { start_date: START, end_date: END });
    expect(rerun.status, rerun.text).toBe(200);
    const ended: Status = await settle({ ...world, booted: again.booted, api: again.api, google: again.google });
    expect(ended).toMatchObject({ is_processing: false, status: 'succeeded' });
    await expectTrackersComplete(again.api, again.google, CAMPAIGNS);
    console.log('proof-job-integrity: kill -9 mid sheet-sync → re-run after restart completed both trackers');
  });
});

/** A world whose job is killed mid-Map (after two threads), restarted on the same data. */
const killMidJob = async () => {
  const switch_ = killSwitch();
  const world: World = await setupWorld({ campaignIds: CAMPAIGNS, wrapTask: switch_.wrapTask, ...PERSIST });
  cleanups.push(() => rmSync(world.booted.dataDir, { recursive: true, force: true }));
  world.google.setLatency(60);
  const started = await world.api.post<{ task_id: string }>('/api/v3/process/interval', { start_date: '2026-01-01', end_date: '2026-06-30' });
  expect(started.status, started.text).toBe(200);
  await waitFor(async () => ((await getStatus(world)).progress?.threads_completed ?? 0) >= 2 || undefined, 'two threads processed');
  await switch_.kill(world.booted);
  const again = await restart(world.booted.dataDir, world.api.token!);
  cleanups.push(() => again.booted.stop());
  return { world, deadTaskId: started.body.task_id, again, restartedAt: Date.now() };
};

describe('proof: a kill -9 mid-job is recovered in seconds, not at the end of a 15-minute lease', () => {
  it('after a restart the dead job is failed at once with a clear message, and a new job starts within 10 s', async () => {
    const { world, deadTaskId, again, restartedAt } = await killMidJob();
    const status: Status = (await again.api.get<Status>('/api/v3/status')).body;
    expect(status).toMatchObject({ is_processing: false, task_id: deadTaskId, status: 'failed' });
    expect(messages.processing.interrupted).toEqual(expect.any(String));
    expect(status.error).toBe(messages.processing.interrupted);

    const next = await again.api.post<{ task_id: string }>('/api/v3/process/interval', { start_date: START, end_date: END });
    const waited = Date.now() - restartedAt;
    expect(next.status, next.text).toBe(200);
    expect(waited).toBeLessThan(10_000);
    const ended = await settle({ ...world, booted: again.booted, api: again.api, google: again.google });
    expect(ended).toMatchObject({ task_id: next.body.task_id, status: 'succeeded' });
    console.log(`proof-job-integrity: kill -9 mid-job → new job accepted ${waited} ms after restart`);
  });

  it('Cancel on an orphaned job frees it immediately', async () => {
    const { world, deadTaskId, again } = await killMidJob();
    const cancel = await again.api.post<{ cancelled: boolean; task_id: string }>(`/api/v3/task/${deadTaskId}/cancel`);
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body).toMatchObject({ task_id: deadTaskId, cancelled: true });
    const status: Status = (await again.api.get<Status>('/api/v3/status')).body;
    expect(status).toMatchObject({ is_processing: false, task_id: deadTaskId, status: 'cancelled' });
    const next = await again.api.post('/api/v3/process/email', { email: 'hollie.osei@gmail.com' });
    expect(next.status, next.text).toBe(200);
    expect(await settle({ ...world, booted: again.booted, api: again.api, google: again.google })).toMatchObject({ status: 'succeeded' });
  });
});

type ImportState = {
  success: boolean;
  import_id: string;
  status: 'running' | 'succeeded' | 'failed';
  total_rows: number;
  processed_rows: number;
  percent: number;
  imported: number;
  skipped: number;
  duplicates: number;
  error: string | null;
  details: { skipped: unknown[]; duplicates: unknown[] };
};

const VALID = 1_200;
const INVALID = 60;
const REPEATED = 60;

describe('proof: a long longlist import is a resumable background job', () => {
  it(`${VALID} rows: answered at once, progress reported, killed mid-way, resumed on restart with each row once in the table and the influencer list`, async () => {
    const switch_ = killSwitch();
    const first = await boot({ wrapTask: switch_.wrapTask, ...PERSIST });
    cleanups.push(() => rmSync(first.dataDir, { recursive: true, force: true }));
    let google = first.runtime.emulators.google as unknown as GoogleEmulator;
    const staff = await signIn(first.runtime, truth.longlist.owner);
    const agency = (await createAgency(staff, 'Import Agency')).agency.name;
    expect((await staff.api.post('/api/campaigns/add', { campaign_id: 'scale', campaign_name: 'Scale', client_name: 'Client' })).status).toBe(200);
    await first.runtime.settleAsync();

    const { access_token: token } = await google.issueTokens(truth.longlist.owner);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const rowsTotal = VALID + INVALID + REPEATED;
    const created = await fetch(`${google.url}/v4/spreadsheets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ properties: { title: 'Long longlist' }, sheets: [{ properties: { title: 'Longlist', gridProperties: { rowCount: rowsTotal + 10, columnCount: 5 } } }] }),
    });
    const sheetId = ((await created.json()) as { spreadsheetId: string }).spreadsheetId;
    const values = [
      ['Influencer', 'E-mail', 'Agent'],
      ...Array.from({ length: VALID }, (_, i) => [`Creator ${i}`, `Creator.${i}@Example.com`, `agent${i % 40}@mgmt.test`]),
      ...Array.from({ length: INVALID }, (_, i) => [`No Mail ${i}`, '', '']),
      ...Array.from({ length: REPEATED }, (_, i) => [`Again ${i}`, `creator.${i}@example.com`, '']),
    ];
    const written = await fetch(`${google.url}/v4/spreadsheets/${sheetId}/values/${encodeURIComponent("'Longlist'!A1")}?valueInputOption=RAW`, { method: 'PUT', headers, body: JSON.stringify({ values }) });
    expect(written.status).toBe(200);
    const listId = (await staff.api.get<{ campaign: { influencer_list_sheet_id: string } }>('/api/campaigns/scale')).body.campaign.influencer_list_sheet_id;

    // Google answers slowly, so the import is still running when the kill comes.
    google.setLatency(150);
    const requestedAt = Date.now();
    const started = await staff.api.post<ImportState>('/api/campaigns/import-longlist', { campaign_id: 'scale', source_sheet_id: sheetId, source_tab_name: 'Longlist' });
    const answeredIn = Date.now() - requestedAt;
    expect(started.status, started.text.slice(0, 500)).toBe(200);
    expect(started.body).toMatchObject({ success: true, import_id: expect.any(String), status: 'running' });
    expect(answeredIn).toBeLessThan(10_000);
    expect(started.text.length).toBeLessThan(20_000);
    const importId = started.body.import_id;

    const progressed = await waitFor(
      async () => {
        const state = await staff.api.get<ImportState>(`/api/campaigns/import-longlist/${importId}`);
        expect(state.status, state.text.slice(0, 500)).toBe(200);
        return state.body.processed_rows >= 500 ? state.body : undefined;
      },
      'the import to get 500 rows in',
      60_000,
    );
    expect(progressed).toMatchObject({ status: 'running', total_rows: VALID });
    expect(progressed.percent).toBeGreaterThan(0);
    expect(progressed.percent).toBeLessThan(100);
    await switch_.kill(first);

    const again = await restart(first.dataDir, staff.token);
    cleanups.push(() => again.booted.stop());
    google = again.google;
    // The dead worker renews its lease no more. Rather than wait out its 30 s, the test ends it as
    // time would: by the time anyone looks, the lease has run out.
    await longlistImportEntity.patch({ agencyName: agency, importId }).set({ leaseUntil: 0 }).go({ response: 'none' });
    // Part done before the kill, part not.
    const stored = async () => (await contactEntity.query.byAgency({ agencyName: agency, campaignId: 'scale' }).go({ pages: 'all' })).data;
    const listRows = () => (google.state.spreadsheets.get(listId)?.sheets[0]?.cells ?? []).filter((row) => row.some((cell) => cell !== null && cell !== ''));
    const contactsAtRestart = (await stored()).length;
    const listAtRestart = listRows().length - 1;
    expect(contactsAtRestart).toBeGreaterThan(0);
    expect(contactsAtRestart).toBeLessThan(VALID);
    expect(listAtRestart).toBeLessThan(VALID);

    const done = await waitFor(
      async () => {
        const state = await again.api.get<ImportState>(`/api/campaigns/import-longlist/${importId}`);
        expect(state.text.length).toBeLessThan(20_000);
        return state.body.status === 'running' ? undefined : state.body;
      },
      'the import to resume and finish',
      120_000,
    );
    expect(done).toMatchObject({ status: 'succeeded', total_rows: VALID, processed_rows: VALID, percent: 100, imported: VALID, skipped: INVALID, duplicates: REPEATED, error: null });
    expect(done.details.skipped.length).toBeLessThanOrEqual(100);

    const contacts = await stored();
    expect(contacts.length).toBe(VALID);
    expect(new Set(contacts.map((c) => c.email)).size).toBe(VALID);
    const list = listRows();
    const emailAt = list[0]!.indexOf('Email');
    const listed = list.slice(1).map((row) => String(row[emailAt] ?? '').toLowerCase());
    expect(listed.length).toBe(VALID);
    expect(new Set(listed).size).toBe(VALID);
    for (let i = 0; i < VALID; i += 1) expect(listed.includes(`creator.${i}@example.com`)).toBe(true);

    // Importing the same sheet again adds nothing anywhere.
    const twice = await again.api.post<ImportState>('/api/campaigns/import-longlist', { campaign_id: 'scale', source_sheet_id: sheetId, source_tab_name: 'Longlist' });
    const final =
      twice.body.status === 'running'
        ? await waitFor(async () => {
            const state = await again.api.get<ImportState>(`/api/campaigns/import-longlist/${twice.body.import_id}`);
            return state.body.status === 'running' ? undefined : state.body;
          }, 'the second import', 60_000)
        : twice.body;
    expect(final).toMatchObject({ status: 'succeeded', imported: 0, duplicates: VALID + REPEATED });
    expect(listRows().length - 1).toBe(VALID);
    console.log(
      `proof-job-integrity: ${VALID}-row import answered in ${answeredIn} ms; killed at ${contactsAtRestart} contacts / ${listAtRestart} list rows; resumed to ${VALID} of each, none twice`,
    );
  });
});
