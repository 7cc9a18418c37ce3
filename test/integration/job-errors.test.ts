import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobEntity } from '../../functions/lib/store/entities/job';
import { settle, setupWorld, type World } from './processing-helpers';

/**
 * A job the state machine stops (a task past its time limit) fails with a sentence a person
 * understands, stored on the job and shown by the status route, never the state machine's error
 * name. The timeout is the one the runner raises (Error "States.Timeout", Cause "States.Timeout"),
 * thrown in Fetch's place so the test does not wait out Fetch's 300 s limit.
 */
const TIMED_OUT = 'The job took longer than its time limit and was stopped. Nothing is lost: run it again to pick up where it stopped.';

let timeouts = 0;
const wrapTask = (taskId: string, run: (input: unknown) => Promise<unknown>) => async (input: unknown) => {
  if (taskId === 'JobFetch' && timeouts > 0) {
    timeouts -= 1;
    throw Object.assign(new Error('States.Timeout'), { name: 'States.Timeout' });
  }
  return run(input);
};

describe('a job stopped by the state machine', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld({ campaignIds: ['glow-serum-q1'], wrapTask });
  });
  afterAll(async () => {
    await world?.booted.stop();
  });

  it('a timed-out task fails the job with a sentence, never "States.Timeout"', async () => {
    timeouts = 1;
    const started = await world.api.post<{ task_id: string }>('/api/v3/process/interval', { start_date: '2026-01-05', end_date: '2026-01-20' });
    expect(started.status, started.text).toBe(200);
    const ended = await settle(world);
    expect(timeouts).toBe(0);
    expect(ended).toMatchObject({ is_processing: false, status: 'failed', error: TIMED_OUT });
    const { data: job } = await jobEntity.get({ agencyName: world.agencyName, jobId: started.body.task_id }).go();
    expect(job).toMatchObject({ status: 'failed', error: TIMED_OUT });
  });
});
