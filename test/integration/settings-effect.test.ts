import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionsSince, OWNER, settle, setupWorld, storedThreads, type World } from './processing-helpers';

/** The settings drive behaviour: each change shows in what reaches Gmail and the model. */
const isThreadSummary = (body: unknown) => JSON.stringify(body).includes('"name":"thread_summary"');
const modelOf = (body: unknown) => (body as { model?: string }).model;

describe('settings that really drive processing', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: ['glow-serum-q1'] });
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  // max_tokens is the ceiling of every call: a call asks for what its answer needs (a summary
  // 250 tokens, ai/answer-caps.ts), so a setting below that is what the calls send.
  it('the thread_summary model (and its max_tokens) chosen in settings is the one the model calls use', async () => {
    expect((await world.api.post('/api/v3/settings/model-config', { operation: 'thread_summary', model: 'gpt-5-mini', max_tokens: 200 })).status).toBe(200);
    const from = world.openai.log.length;
    expect((await world.api.post('/api/v3/process/interval', { start_date: '2026-01-05', end_date: '2026-01-20' })).status).toBe(200);
    expect((await settle(world)).status).toBe('succeeded');
    const summaries = completionsSince(world.openai, from).filter((call) => isThreadSummary(call.body));
    expect(summaries.length).toBeGreaterThan(0);
    for (const call of summaries) {
      expect(modelOf(call.body)).toBe('gpt-5-mini');
      expect((call.body as { max_completion_tokens?: number }).max_completion_tokens).toBe(200);
    }
  });

  it('turning incremental processing off makes the next update a full pass (no previous summary sent)', async () => {
    const threads = await storedThreads(world.agencyName);
    const target = threads.filter((thread) => (thread.messageCount ?? 0) >= 3).sort((a, b) => a.threadId.localeCompare(b.threadId))[0]!;
    expect((await world.api.post('/api/v3/settings/processing-mode', { incremental_processing_enabled: false })).status).toBe(200);
    world.google.addMessage({
      mailbox: OWNER,
      threadId: target.threadId,
      from: `Talent <${target.contactEmails![0]!}>`,
      to: [OWNER],
      subject: `Re: ${target.subject}`,
      body: 'SETTINGS-MARKER: confirming the new posting date.',
      date: new Date('2026-01-19T10:00:00Z'),
    });
    const from = world.openai.log.length;
    expect((await world.api.post('/api/v3/process/interval', { start_date: '2026-01-05', end_date: '2026-01-20' })).status).toBe(200);
    expect((await settle(world)).status).toBe('succeeded');
    const summaries = completionsSince(world.openai, from).filter((call) => isThreadSummary(call.body));
    expect(summaries).toHaveLength(1);
    const sent = JSON.stringify(summaries[0]!.body);
    expect(sent).toContain('SETTINGS-MARKER');
    expect(sent).not.toContain('Previous summary');
  });

  it('oldest_scan_days bounds the Gmail queries: older threads are left out', async () => {
    expect((await world.api.post('/api/v3/settings/processing-limits', { oldest_scan_days: 30 })).status).toBe(200);
    const from = world.google.log.length;
    const before = (await storedThreads(world.agencyName)).length;
    expect((await world.api.post('/api/v3/process/campaign', { campaign_id: 'glow-serum-q1' })).status).toBe(200);
    expect((await settle(world)).status).toBe('succeeded');
    const queries = world.google.log
      .slice(from)
      .filter((entry) => entry.operation === 'gmail.users.threads.list')
      .map((entry) => String(entry.query.q ?? ''));
    expect(queries.length).toBeGreaterThan(0);
    const cutoff = new Date(Date.now() - 30 * 24 * 3600_000);
    for (const q of queries) {
      const after = /after:(\d+)(?:\s|$)/.exec(q);
      expect(after, q).not.toBeNull();
      const bound = new Date(Number(after![1]) * 1000);
      expect(Math.abs(bound.getTime() - cutoff.getTime())).toBeLessThan(2 * 24 * 3600_000);
    }
    const limited = (await storedThreads(world.agencyName)).length;

    expect((await world.api.post('/api/v3/settings/processing-limits', { oldest_scan_days: 0 })).status).toBe(200);
    expect((await world.api.post('/api/v3/process/campaign', { campaign_id: 'glow-serum-q1' })).status).toBe(200);
    expect((await settle(world)).status).toBe('succeeded');
    const unlimited = (await storedThreads(world.agencyName)).length;
    expect(unlimited).toBeGreaterThan(limited);
    expect(limited).toBeGreaterThanOrEqual(before);
  });
});
