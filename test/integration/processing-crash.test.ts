import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeJobEntity } from '../../functions/lib/store/entities/active-job';
import { expectedThreads, OWNER, settle, setupWorld, storedThreads, tabValues, trackedContacts, type World } from './processing-helpers';

const CAMPAIGNS = ['glow-serum-q1'];
const START = '2026-01-05';
const END = '2026-02-20';

const transient = (where: string) => Object.assign(new Error(`injected crash ${where}`), { name: 'Transient' });

/**
 * Crashes where they hurt: a task that throws before doing anything, a batch and a sheet sync
 * that crash AFTER their writes (so the retry repeats work already done), with Sheets 429s and
 * OpenAI 429s on top. The job must finish with each thread counted once and no duplicate rows.
 */
const crashes = { fetchBefore: 1, batchAfter: 1, syncAfter: 1 };
const wrapTask = (taskId: string, run: (input: unknown) => Promise<unknown>) => async (input: unknown) => {
  if (taskId === 'JobFetch' && crashes.fetchBefore > 0) {
    crashes.fetchBefore -= 1;
    throw transient('before Fetch');
  }
  const output = await run(input);
  if (taskId === 'JobProcessBatch' && crashes.batchAfter > 0) {
    crashes.batchAfter -= 1;
    throw transient('after a batch had written its threads');
  }
  if (taskId === 'JobSyncSheets' && crashes.syncAfter > 0) {
    crashes.syncAfter -= 1;
    throw transient('after the sheets were written');
  }
  return output;
};

describe('processing survives crashes between writes, Sheets 429s and OpenAI 429s', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: CAMPAIGNS, wrapTask });
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  it('finishes with every thread counted once, one row per contact, and the lock released', async () => {
    world.google.faults.set({ api: 'sheets', status: 429, rate: 0.3, retryAfterSeconds: 0 });
    world.openai.faults.set({ status: 429, rate: 0.2 });
    const started = await world.api.post('/api/v3/process/interval', { start_date: START, end_date: END });
    expect(started.status, started.text).toBe(200);
    const ended = await settle(world);
    // the faults did happen
    expect(world.google.log.filter((entry) => entry.api === 'sheets' && entry.status === 429).length).toBeGreaterThan(0);
    expect(world.openai.log.filter((entry) => entry.status === 429).length).toBeGreaterThan(0);
    world.google.faults.clear();
    world.openai.faults.clear();
    expect(crashes).toEqual({ fetchBefore: 0, batchAfter: 0, syncAfter: 0 });

    const expected = expectedThreads(OWNER, START, END, CAMPAIGNS);
    expect(ended).toMatchObject({ status: 'succeeded', progress: expect.objectContaining({ threads_total: expected.size, threads_completed: expected.size }) });
    const threads = await storedThreads(world.agencyName);
    expect(threads.map((thread) => thread.threadId).sort()).toEqual([...expected].sort());
    for (const thread of threads) expect(new Set(thread.processedIds).size).toBe(thread.processedIds!.length);

    const rows = tabValues(world.google, world.campaigns.get('glow-serum-q1')!.outreach_tracker_sheet_id, 'Outreach').slice(1).filter((row) => row[1]);
    const emails = rows.map((row) => row[1]);
    expect(new Set(emails).size).toBe(emails.length);
    // one row per contact of the campaign, contacted or not
    expect(new Set(emails)).toEqual(new Set(trackedContacts(['glow-serum-q1']).map((contact) => contact.email)));

    expect((await activeJobEntity.get({ agencyName: world.agencyName }).go()).data).toBeNull();
    console.log(`processing-crash: ${expected.size} threads, 3 injected crashes, Sheets/OpenAI 429s; ${rows.length} rows, none duplicated`);
  });
});
