import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../fixtures/seed';
import { completionsSince, makeDue, OWNER, settle, setupWorld, storedThreads, type World } from './processing-helpers';

type Metrics = { success: boolean; status: string; data: Record<string, unknown> & { last_check: string | null; next_check_at: string | null; threads_in_last_check: number; messages_in_last_check: number; tracked_conversations: number; is_processing: boolean } };

const isMessageSummary = (body: unknown) => JSON.stringify(body).includes('"name":"message_analysis"');
const isThreadSummary = (body: unknown) => JSON.stringify(body).includes('"name":"thread_summary"');

describe('processing: the monitor finds new mail through history.list and sends only it to the model', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: ['glow-serum-q1'] });
    const started = await world.api.post('/api/v3/process/interval', { start_date: '2026-01-05', end_date: '2026-02-20' });
    expect(started.status).toBe(200);
    expect((await settle(world)).status).toBe('succeeded');
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  it('registers the agency and baselines each mailbox on the first tick without starting a job', async () => {
    const before = await world.api.get<Metrics>('/api/v3/monitor/metrics');
    expect(before.body).toMatchObject({ success: true, status: 'success' });
    expect(before.body.data.next_check_at).not.toBeNull();
    const logFrom = world.google.log.length;
    await makeDue(world.agencyName);
    const tick = (await world.booted.runtime.runMonitorTick()) as { results: { result: string }[] };
    expect(tick.results).toEqual([expect.objectContaining({ result: 'nothing-new', threads: 0 })]);
    const ops = world.google.log.slice(logFrom).map((e) => e.operation);
    expect(ops).toContain('gmail.users.getProfile');
    expect(ops).not.toContain('gmail.users.threads.get');
    const after = await world.api.get<Metrics>('/api/v3/monitor/metrics');
    expect(after.body.data.last_check).not.toBeNull();
    expect(after.body.data.next_check_in_seconds).toBeGreaterThan(200);
    expect(after.body.data.tracked_conversations).toBe((await storedThreads(world.agencyName)).length);
    // not due again yet: a tick now checks nobody
    const idle = (await world.booted.runtime.runMonitorTick()) as { agenciesChecked: number };
    expect(idle.agenciesChecked).toBe(0);
  });

  it('a new message in a tracked thread: history.list finds it; only that message reaches the model', async () => {
    const threads = await storedThreads(world.agencyName);
    const target = threads.filter((t) => (t.messageCount ?? 0) >= 3).sort((a, b) => a.threadId.localeCompare(b.threadId))[0]!;
    const talent = target.contactEmails![0]!;
    const older = seed.mailboxes.find((m) => m.email === OWNER)!.messages.filter((m) => m.threadId === target.threadId);
    expect(older.length).toBe(target.messageCount);

    const added = world.google.addMessage({
      mailbox: OWNER,
      threadId: target.threadId,
      from: `Talent <${talent}>`,
      to: [OWNER],
      subject: `Re: ${target.subject}`,
      body: 'MONITOR-MARKER-ONE: happy to go ahead, can we move the posting date to 2026-12-03?',
    });
    await makeDue(world.agencyName);
    const logFrom = world.google.log.length;
    const aiFrom = world.openai.log.length;
    const tick = (await world.booted.runtime.runMonitorTick()) as { results: { result: string; threads: number; messages: number }[] };
    expect(tick.results).toEqual([expect.objectContaining({ result: 'started', threads: 1, messages: 1 })]);
    const ended = await settle(world);
    expect(ended).toMatchObject({ status: 'succeeded', operation_label: 'Monitoring check', progress: expect.objectContaining({ threads_total: 1, threads_completed: 1 }) });

    const ops = world.google.log.slice(logFrom).map((e) => e.operation);
    expect(ops).toContain('gmail.users.history.list');
    expect(ops.filter((o) => o === 'gmail.users.threads.get')).toHaveLength(1);
    expect(ops).not.toContain('gmail.users.threads.list');

    const calls = completionsSince(world.openai, aiFrom);
    const messageCalls = calls.filter((c) => isMessageSummary(c.body));
    expect(messageCalls).toHaveLength(1);
    expect(JSON.stringify(messageCalls[0]!.body)).toContain('MONITOR-MARKER-ONE');
    const threadCalls = calls.filter((c) => isThreadSummary(c.body));
    expect(threadCalls).toHaveLength(1);
    expect(JSON.stringify(threadCalls[0]!.body)).toContain('Previous summary');
    // no earlier message's own text is sent again (a piece from the middle of each body)
    const sent = JSON.stringify(calls.map((c) => c.body));
    for (const m of older) {
      const at = Math.floor(m.body.length * 0.45);
      const piece = m.body.slice(at, at + 50);
      if (piece.trim().length >= 30) expect(sent.includes(JSON.stringify(piece).slice(1, -1)), piece).toBe(false);
    }

    const updated = (await storedThreads(world.agencyName)).find((t) => t.threadId === target.threadId)!;
    expect(updated.processedIds).toContain(added.id);
    expect(updated.processedIds).toHaveLength(older.length + 1);
    expect(updated.whoseTurn).toBe('agency');
    const metrics = await world.api.get<Metrics>('/api/v3/monitor/metrics');
    expect(metrics.body.data).toMatchObject({ threads_in_last_check: 1, messages_in_last_check: 1, is_processing: false });
  });

  it('expired history falls back to a query over hours_to_check and still summarises only the new message', async () => {
    const threads = await storedThreads(world.agencyName);
    const target = threads.filter((t) => (t.messageCount ?? 0) >= 3).sort((a, b) => a.threadId.localeCompare(b.threadId))[0]!;
    world.google.addMessage({ mailbox: OWNER, threadId: target.threadId, from: `Maya Okafor <${OWNER}>`, to: [target.contactEmails![0]!], subject: `Re: ${target.subject}`, body: 'MONITOR-MARKER-TWO: great, confirmed for the 3rd.' });
    // Gmail forgets history older than what it keeps: the stored historyId now answers 404
    world.google.expireHistory(OWNER);
    await makeDue(world.agencyName);
    const logFrom = world.google.log.length;
    const aiFrom = world.openai.log.length;
    const tick = (await world.booted.runtime.runMonitorTick()) as { results: { result: string }[] };
    expect(tick.results[0]!.result).toBe('started');
    expect((await settle(world)).status).toBe('succeeded');
    const history = world.google.log.slice(logFrom).filter((e) => e.operation === 'gmail.users.history.list');
    expect(history.map((e) => e.status)).toContain(404);
    const messageCalls = completionsSince(world.openai, aiFrom).filter((c) => isMessageSummary(c.body));
    expect(messageCalls).toHaveLength(1);
    expect(JSON.stringify(messageCalls[0]!.body)).toContain('MONITOR-MARKER-TWO');
    const updated = (await storedThreads(world.agencyName)).find((t) => t.threadId === target.threadId)!;
    expect(updated.whoseTurn).toBe('talent');
  });

  it('mail from a manager whose Manager cell holds only "Sophie Grant (Peak Talent)" and names the talent is the talent\'s (issue 23)', async () => {
    const talent = 'ivy.moss.bakes@gmail.com';
    const added = await world.api.post('/api/campaigns/contacts/add', { email: talent, talent_name: 'Ivy Moss', email_owner: 'Sophie Grant (Peak Talent)', campaign_id: 'glow-serum-q1' });
    expect(added.status, added.text).toBe(200);
    const mail = world.google.addMessage({
      mailbox: OWNER,
      from: 'Sophie Grant <sophie@peak-talent.example>',
      to: [OWNER],
      subject: 'Ivy Moss for the Glow Serum launch',
      body: 'Hi Maya,\n\nIvy Moss would love to join the serum launch: £1,400 for the Reel and three Stories.\n\nSophie',
    });
    // and one from her about somebody else: never Ivy's
    world.google.addMessage({ mailbox: OWNER, from: 'Sophie Grant <sophie@peak-talent.example>', to: [OWNER], subject: 'Lottie Vance?', body: 'Hi Maya, another of mine, Lottie Vance (@lottiebakes), is free in March.\n\nSophie' });
    await makeDue(world.agencyName);
    const tick = (await world.booted.runtime.runMonitorTick()) as { results: { result: string; threads: number }[] };
    expect(tick.results).toEqual([expect.objectContaining({ result: 'started', threads: 2 })]);
    expect((await settle(world)).status).toBe('succeeded');
    const conversation = await world.api.get<{ conversation: { message_count: number; attribution: { reason: string; evidence?: string }; threads: { thread_id: string }[] } }>(
      `/api/v3/conversations/${encodeURIComponent(`glow-serum-q1:${talent}`)}`,
    );
    expect(conversation.status, conversation.text).toBe(200);
    expect(conversation.body.conversation).toMatchObject({ message_count: 1, attribution: { reason: 'manager_named', evidence: 'sophie@peak-talent.example wrote; named "Ivy Moss" in the subject' } });
    expect(conversation.body.conversation.threads.map((t) => t.thread_id)).toEqual([mail.threadId]);
  });
});
