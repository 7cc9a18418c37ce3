import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import { completionsSince, expectedThreads, OWNER, settle, setupWorld, storedThreads, type World } from './processing-helpers';

/**
 * Issue 14, "Models that retire", and issue 28 point 2: gpt-5-nano shuts down on 2026-12-11, as
 * the key's `GET /v1/models` says. With the product's clock past that day (THREADLINE_NOW; the
 * emulator run beside it keeps the same clock), a job completes on the successor OpenAI's
 * deprecations page recommends (gpt-6-luna, not gpt-5.4-nano, which itself shuts down on
 * 2027-04-01), Settings says what changes and when, and the warning naming both models is
 * served by Settings and by the connection response the dashboard reads, until someone saves a
 * model for the purpose.
 */
const CAMPAIGNS = ['glow-serum-q1'];
const AFTER_SHUTDOWN = '2026-12-12T09:00:00Z';

type Warning = { purpose: string; old_model: string; new_model: string; reason: string; since: string };
type ModelConfig = {
  configurations: Record<string, { model: string; shutdown_on: string | null; successor: string | null }>;
  models: { id: string; recommended_for: string[]; shutdown_on: string | null; successor: string | null; retired: boolean }[];
  models_source: string;
  model_warnings: Warning[];
};

describe('models that retire', () => {
  let world: World;
  const previousNow = process.env.THREADLINE_NOW;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: CAMPAIGNS });
  });
  afterAll(async () => {
    if (previousNow === undefined) delete process.env.THREADLINE_NOW;
    else process.env.THREADLINE_NOW = previousNow;
    await world?.booted.stop();
  });

  it("offers the key's chat models, the spec's defaults recommended, with shutdown dates and successors", async () => {
    const got = await world.api.get<ModelConfig>('/api/v3/settings/model-config');
    expect(got.status, got.text).toBe(200);
    expect(got.body.models_source).toBe('account');
    const ids = got.body.models.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['gpt-5-nano', 'gpt-4.1-mini', 'gpt-5.4-nano', 'gpt-5.4-mini', 'gpt-5.5', 'gpt-6-luna']));
    // not chat models: never offered
    expect(ids).not.toContain('text-embedding-3-small');
    expect(ids).not.toContain('whisper-1');
    const nano = got.body.models.find((m) => m.id === 'gpt-5-nano')!;
    expect(nano).toMatchObject({ shutdown_on: '2026-12-11', successor: 'gpt-6-luna', retired: false });
    expect(nano.recommended_for).toContain('individual_message_summary');
    // what will change for the purpose, and when
    expect(got.body.configurations.individual_message_summary).toMatchObject({ model: 'gpt-5-nano', shutdown_on: '2026-12-11', successor: 'gpt-6-luna' });
    expect(got.body.configurations.thread_summary).toMatchObject({ model: 'gpt-4.1-mini', shutdown_on: '2027-01-14', successor: 'gpt-6-luna' });
    expect(got.body.model_warnings).toEqual([]);
  });

  it("the emulator's /v1/models lists each model's shutdown date", async () => {
    const listed = await fetch(`${world.openai.url}/models`, { headers: { authorization: `Bearer ${LOCAL_OPENAI_KEY}` } });
    const models = ((await listed.json()) as { data: { id: string; shutdown_date: string | null }[] }).data;
    expect(models.find((m) => m.id === 'gpt-5-nano')?.shutdown_date).toBe('2026-12-11');
    expect(models.find((m) => m.id === 'gpt-5.4-nano')?.shutdown_date).toBe('2027-04-01');
    expect(models.find((m) => m.id === 'gpt-6-luna')?.shutdown_date).toBeNull();
  });

  it("completes a job after gpt-5-nano's shutdown on the successor OpenAI recommends, and Settings says so", async () => {
    // only the product's clock moves: the emulator beside it follows
    process.env.THREADLINE_NOW = AFTER_SHUTDOWN;
    const listed = await fetch(`${world.openai.url}/models`, { headers: { authorization: `Bearer ${LOCAL_OPENAI_KEY}` } });
    const listedIds = ((await listed.json()) as { data: { id: string }[] }).data.map((m) => m.id);
    expect(listedIds).not.toContain('gpt-5-nano');
    expect(listedIds).toContain('gpt-6-luna');

    const aiFrom = world.openai.log.length;
    const started = await world.api.post<{ task_id: string }>('/api/v3/process/interval', { start_date: '2026-01-05', end_date: '2026-02-20' });
    expect(started.status, started.text).toBe(200);
    const ended = await settle(world);
    expect(ended, String(ended.error)).toMatchObject({ is_processing: false, status: 'succeeded' });

    const calls = world.openai.log.slice(aiFrom).filter((e) => e.path === '/v1/chat/completions');
    expect(calls.filter((e) => e.model === 'gpt-5-nano')).toEqual([]);
    const onSuccessor = completionsSince(world.openai, aiFrom).filter((e) => e.model === 'gpt-6-luna');
    expect(onSuccessor.length).toBeGreaterThan(0);
    // every call was accepted: parameters follow the successor's family (no 400s)
    expect(calls.filter((e) => e.status !== 200)).toEqual([]);

    const expected = expectedThreads(OWNER, '2026-01-05', '2026-02-20', CAMPAIGNS);
    const threads = await storedThreads(world.agencyName);
    expect(new Set(threads.map((t) => t.threadId))).toEqual(expected);
    for (const t of threads) expect(t.summary.length).toBeGreaterThan(10);

    const settings = await world.api.get<ModelConfig>('/api/v3/settings/model-config');
    expect(settings.body.model_warnings).toContainEqual(
      expect.objectContaining({ purpose: 'individual_message_summary', old_model: 'gpt-5-nano', new_model: 'gpt-6-luna', reason: 'retired' }),
    );
    // the retired model is no longer offered, but the configured one is shown as retired
    expect(settings.body.models.find((m) => m.id === 'gpt-5-nano')).toMatchObject({ retired: true });
    expect(settings.body.models.find((m) => m.id === 'gpt-6-luna')?.recommended_for).toContain('individual_message_summary');
    expect(settings.body.configurations.individual_message_summary).toMatchObject({ model: 'gpt-5-nano', shutdown_on: '2026-12-11', successor: 'gpt-6-luna' });

    const connection = await world.api.get<{ model_warnings: Warning[] }>('/api/v3/system/connection');
    expect(connection.status, connection.text).toBe(200);
    expect(connection.body.model_warnings).toContainEqual(expect.objectContaining({ purpose: 'individual_message_summary', old_model: 'gpt-5-nano', new_model: 'gpt-6-luna' }));
  });

  it('refuses a shut-down model and ends the warning when someone saves a model for the purpose', async () => {
    const refused = await world.api.post('/api/v3/settings/model-config', { operation: 'individual_message_summary', model: 'gpt-5-nano' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('gpt-6-luna');
    const saved = await world.api.post('/api/v3/settings/model-config', { operation: 'individual_message_summary', model: 'gpt-6-luna' });
    expect(saved.status, saved.text).toBe(200);
    const after = await world.api.get<ModelConfig>('/api/v3/settings/model-config');
    expect(after.body.model_warnings.map((w) => w.purpose)).not.toContain('individual_message_summary');
  });

  it('moves a call that answers 404 model_not_found to the successor even before the product knows of a shutdown', async () => {
    // The product's clock before the shutdown, the API's after it: the API's 404 decides.
    world.openai.setNow(AFTER_SHUTDOWN);
    process.env.THREADLINE_NOW = '2026-12-01T09:00:00Z';
    const saved = await world.api.post('/api/v3/settings/model-config', { operation: 'individual_message_summary', model: 'gpt-5-nano' });
    expect(saved.status, saved.text).toBe(200);
    const aiFrom = world.openai.log.length;
    const started = await world.api.post('/api/v3/process/interval', { start_date: '2026-02-21', end_date: '2026-03-31' });
    expect(started.status, started.text).toBe(200);
    const ended = await settle(world);
    expect(ended, String(ended.error)).toMatchObject({ status: 'succeeded' });
    const calls = world.openai.log.slice(aiFrom).filter((e) => e.path === '/v1/chat/completions');
    const refused = calls.filter((e) => e.model === 'gpt-5-nano');
    // one 404 per model caller at most; the rest of the job stays on the successor
    expect(refused.every((e) => e.status === 404 && e.code === 'model_not_found')).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    expect(completionsSince(world.openai, aiFrom).filter((e) => e.model === 'gpt-6-luna').length).toBeGreaterThan(0);
    const settings = await world.api.get<ModelConfig>('/api/v3/settings/model-config');
    expect(settings.body.model_warnings).toContainEqual(
      expect.objectContaining({ purpose: 'individual_message_summary', old_model: 'gpt-5-nano', new_model: 'gpt-6-luna', reason: 'not_found' }),
    );
  });
});
