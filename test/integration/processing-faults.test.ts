import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessageEntity } from '../../functions/lib/store/entities/mail-message';
import { completionsSince, expectedThreads, OWNER, settle, setupWorld, storedThreads, type World } from './processing-helpers';

const CAMPAIGNS = ['glow-serum-q1'];
const START = '2026-01-05';
const END = '2026-02-20';

describe('processing under faults: 20% Gmail 429 and 20% OpenAI 500', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: CAMPAIGNS });
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  it('completes with every thread processed exactly once and every message summarised once', async () => {
    world.google.faults.set({ api: 'gmail', status: 429, rate: 0.2, retryAfterSeconds: 0 });
    world.openai.faults.set({ status: 500, rate: 0.2 });
    const gmailFrom = world.google.log.length;
    const aiFrom = world.openai.log.length;
    const started = await world.api.post<{ task_id: string }>('/api/v3/process/interval', { start_date: START, end_date: END });
    expect(started.status, started.text).toBe(200);
    const ended = await settle(world);
    world.google.faults.clear();
    world.openai.faults.clear();

    // the faults did happen
    expect(world.google.log.slice(gmailFrom).filter((e) => e.api === 'gmail' && e.status === 429).length).toBeGreaterThan(0);
    expect(world.openai.log.slice(aiFrom).filter((e) => e.status === 500).length).toBeGreaterThan(0);

    const expected = expectedThreads(OWNER, START, END, CAMPAIGNS);
    expect(ended).toMatchObject({ status: 'succeeded', progress: expect.objectContaining({ threads_total: expected.size, threads_completed: expected.size, percent: 100 }) });
    const threads = await storedThreads(world.agencyName);
    expect(threads.map((t) => t.threadId).sort()).toEqual([...expected].sort());
    // each Gmail message handled is one stored message (by Message-ID), each analysed by the model once
    const { data: stored } = await mailMessageEntity.query.byAgency({ agencyName: world.agencyName }).go({ pages: 'all' });
    const copies = new Set(stored.flatMap((m) => (m.copies ?? []).map((copy) => copy.split('|')[1])));
    for (const t of threads) {
      expect(new Set(t.processedIds).size).toBe(t.processedIds!.length);
      expect(t.version).toBe(1);
      for (const id of t.processedIds!) expect(copies.has(id), id).toBe(true);
    }
    const analysed = stored.filter((m) => m.autoReply === 'none');
    const analysisCalls = completionsSince(world.openai, aiFrom).filter((c) => JSON.stringify(c.body).includes('"name":"message_analysis"'));
    expect(analysisCalls).toHaveLength(analysed.length);
    expect(new Set(analysisCalls.map((c) => JSON.stringify(c.body))).size).toBe(analysisCalls.length);
    const metrics = await world.api.get<{ trackedConversations: number }>('/api/v3/metrics');
    expect(metrics.body.trackedConversations).toBe(expected.size);
  });

  it('batches that give up and are retried by the state machine still count each thread once', async () => {
    // Half the threads.get calls fail: some calls exhaust their own retries, the batch throws
    // RateLimited and Step Functions runs it again; counted threads are skipped on the retry.
    const range = { start_date: '2026-02-21', end_date: '2026-03-31' };
    world.google.faults.set({ api: 'gmail', operation: 'gmail.users.threads.get', status: 429, rate: 0.5, retryAfterSeconds: 0 });
    const gmailFrom = world.google.log.length;
    const started = await world.api.post('/api/v3/process/interval', range);
    expect(started.status, started.text).toBe(200);
    const ended = await settle(world);
    world.google.faults.clear();
    const expected = expectedThreads(OWNER, range.start_date, range.end_date, CAMPAIGNS);
    expect(ended).toMatchObject({ status: 'succeeded', progress: expect.objectContaining({ threads_total: expected.size, threads_completed: expected.size }) });
    const gets = world.google.log.slice(gmailFrom).filter((e) => e.operation === 'gmail.users.threads.get');
    expect(gets.filter((e) => e.status === 429).length).toBeGreaterThan(0);
    const threads = await storedThreads(world.agencyName);
    for (const id of expected) expect(threads.some((t) => t.threadId === id), id).toBe(true);
    for (const t of threads) expect(new Set(t.processedIds).size).toBe(t.processedIds!.length);
  });
});
