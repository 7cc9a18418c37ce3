import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, setupWorld, type World } from './processing-helpers';

/**
 * Issue 15 point 1, counted from the emulators' logs: re-running a range whose threads did not
 * change lists them (threads.list) and fetches none (threads.get): ≤ 1 Gmail quota unit per
 * listed thread, 0 model tokens, 0 sheet writes. A thread that changed is fetched again.
 */
const RANGE = { start_date: '2026-01-05', end_date: '2026-02-20' };
const SHEET_WRITES = /values\.(update|append|batchUpdate|clear|batchClear)|spreadsheets\.batchUpdate/;

describe('an unchanged range re-run costs only the listing', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: ['glow-serum-q1'] });
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  const run = async () => {
    const googleFrom = world.google.log.length;
    const aiFrom = world.openai.log.length;
    const started = await world.api.post('/api/v3/process/interval', RANGE);
    expect(started.status, started.text).toBe(200);
    const status = await settle(world);
    expect(status.status).toBe('succeeded');
    const google = world.google.log.slice(googleFrom);
    const gmail = google.filter((e) => e.api === 'gmail');
    const listed = new Set<string>(gmail.filter((e) => e.operation === 'gmail.users.threads.list').map((e) => `${String(e.query.q ?? '').length}:${String(e.query.pageToken ?? '')}`));
    return {
      units: gmail.reduce((sum, e) => sum + (e.quotaUnits ?? 0), 0),
      lists: gmail.filter((e) => e.operation === 'gmail.users.threads.list').length,
      gets: gmail.filter((e) => e.operation === 'gmail.users.threads.get').length,
      sheetWrites: google.filter((e) => e.api === 'sheets' && SHEET_WRITES.test(e.operation)).length,
      aiCalls: world.openai.log.slice(aiFrom).filter((e) => e.path === '/v1/chat/completions').length,
      listed,
      threadsTotal: (status as unknown as { progress: { threads_total: number } }).progress.threads_total,
    };
  };

  it('first run reads every thread; the re-run fetches none, asks the model nothing and writes no sheet', async () => {
    const first = await run();
    expect(first.gets).toBeGreaterThan(0);
    const again = await run();
    // every listed thread was fetched by the first run (nothing stored yet), so its threads.get count is the listed count
    const listedThreads = first.gets;
    console.info(
      `[issue-15] first run: ${first.units} Gmail units for ${listedThreads} threads (${(first.units / listedThreads).toFixed(2)}/thread), ${first.aiCalls} model calls, ${first.sheetWrites} sheet writes; ` +
        `unchanged re-run: ${again.units} units (${(again.units / listedThreads).toFixed(2)}/listed thread; ${again.lists} list pages, ${again.gets} threads.get), ${again.aiCalls} model calls, ${again.sheetWrites} sheet writes`,
    );
    expect(again.gets).toBe(0);
    // only the listing is paid (10 units a page of up to 100 threads; this small seed needs 2 queries of 1 page each)
    expect(again.units).toBe(again.lists * 10);
    expect(again.lists).toBeLessThanOrEqual(first.lists);
    expect(again.aiCalls).toBe(0);
    expect(again.sheetWrites).toBe(0);
    // the unchanged threads still count in the job's progress, as done
    expect(again.threadsTotal).toBe(first.threadsTotal);
  });

  it('a thread that changed is fetched again, and only it', async () => {
    const { storedThreads, OWNER } = await import('./processing-helpers');
    const target = (await storedThreads(world.agencyName)).sort((a, b) => a.threadId.localeCompare(b.threadId))[0]!;
    world.google.addMessage({ mailbox: OWNER, threadId: target.threadId, from: `Talent <${target.contactEmails![0]!}>`, to: [OWNER], subject: `Re: ${target.subject}`, body: 'RERUN-MARKER: a late reply.' });
    const third = await run();
    expect(third.gets).toBe(1);
  });
});
