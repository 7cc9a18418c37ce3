import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyEntity } from '../../functions/lib/store/entities/api-key';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { getStatus, settle, setupWorld, storedThreads, waitFor, type World } from './processing-helpers';

const CAMPAIGNS = ['glow-serum-q1', 'trailrunner-spring', 'fitfuel-protein-q2'];

describe('processing: single flight, cancel and failures', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: CAMPAIGNS });
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  it('refuses a second job while one runs (409, spec wording), cancels mid-job, keeps processed threads and frees the lock', async () => {
    world.google.setLatency(60);
    const started = await world.api.post<{ task_id: string }>('/api/v3/process/interval', { start_date: '2026-01-01', end_date: '2026-06-30' });
    expect(started.status, started.text).toBe(200);
    const taskId = started.body.task_id;
    // Some threads are handled and filed (a thread nobody tracked is about is handled but not filed).
    await waitFor(async () => {
      const s = await getStatus(world);
      return (s.progress?.threads_completed ?? 0) >= 2 && (await storedThreads(world.agencyName)).length > 0 ? s : undefined;
    }, 'two threads processed, one of them filed');

    const second = await world.api.post<{ success: boolean; error: string; message: string }>('/api/v3/process/email', { email: 'hollie.osei@gmail.com' });
    expect(second.status).toBe(409);
    expect(second.body.success).toBe(false);
    expect(second.body.error).toMatch(
      /^Cannot start email processing: Processing emails from 2026-01-01 to 2026-06-30 is already running\. Please wait for it to complete \(\d+s elapsed\)\.$/,
    );
    expect(second.body.message).toBe(second.body.error);

    const running = await getStatus(world);
    expect(running).toMatchObject({ is_processing: true, task_id: taskId, phase: 'fetching', operation_label: 'Processing emails from 2026-01-01 to 2026-06-30' });
    expect(running.progress!.threads_total).toBeGreaterThan(running.progress!.threads_completed);

    expect((await world.api.post('/api/v3/task/00000000-0000-4000-8000-000000000000/cancel')).status).toBe(404);
    const phases: string[] = [];
    const cancel = await world.api.post(`/api/v3/task/${taskId}/cancel`);
    expect(cancel.status, cancel.text).toBe(200);
    // the job is flagged 'cancelling' before its execution is stopped; locally the stop and the
    // release that follows take milliseconds (on AWS the EventBridge rule takes seconds)
    expect(cancel.body).toMatchObject({ success: true, task_id: taskId, cancelled: true, phase: 'cancelling' });
    phases.push(String(cancel.body.phase));
    const ended = await waitFor(async () => {
      const s = await getStatus(world);
      phases.push(String(s.phase));
      return s.is_processing ? undefined : s;
    }, 'the job to end');
    expect(phases[0]).toBe('cancelling');
    expect(ended).toMatchObject({ task_id: taskId, status: 'cancelled' });
    await world.booted.runtime.engine.settle();
    world.google.setLatency(0);

    const kept = await storedThreads(world.agencyName);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(ended.progress!.threads_total);

    // the lock is free: a new job starts and runs to the end
    const next = await world.api.post<{ task_id: string; message: string }>('/api/v3/process/email', { email: 'hollie.osei@gmail.com' });
    expect(next.status, next.text).toBe(200);
    expect(next.body.message).toBe('Processing all emails for hollie.osei@gmail.com');
    expect(await settle(world)).toMatchObject({ is_processing: false, status: 'succeeded' });
    await new Promise((r) => setTimeout(r, 8_100));
    expect(await getStatus(world)).toMatchObject({ is_processing: false, task_id: null, phase: null });
    const none = await world.api.post('/api/v3/process/cancel');
    expect(none.body).toMatchObject({ success: true, cancelled: false });
  });

  it('fails clearly without an OpenAI key, and leaves nothing held', async () => {
    await apiKeyEntity.delete({ agencyName: world.agencyName, service: 'openai' }).go();
    const started = await world.api.post('/api/v3/process/campaign', { campaign_id: 'glow-serum-q1' });
    expect(started.status, started.text).toBe(200);
    const ended = await settle(world);
    expect(ended.status).toBe('failed');
    expect(ended.error).toMatch(/OpenAI API key/);
    const unknown = await world.api.post('/api/v3/process/campaign', { campaign_id: 'nope' });
    expect(unknown.status).toBe(404);
    expect((await world.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY })).status).toBe(200);
    const again = await world.api.post('/api/v3/process/thread', { thread_id: '19ab5176280bcfad' });
    expect(again.status, again.text).toBe(200);
    expect((await settle(world)).status).toBe('succeeded');
  });

  it('reports dashboard counts from queries', async () => {
    const metrics = await world.api.get<Record<string, number>>('/api/v3/metrics');
    expect(metrics.status).toBe(200);
    const threads = await storedThreads(world.agencyName);
    expect(metrics.body).toMatchObject({ success: true, totalCampaigns: CAMPAIGNS.length, trackedConversations: threads.length });
    expect(metrics.body.totalContacts).toBe(metrics.body.trackingEnabled);
  });
});
