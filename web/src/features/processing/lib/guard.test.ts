// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeProcessingStatus } from '../../../testing/fakes';
import { fakeApi, testQueryClient } from '../../../testing/render';
import { processInterval } from '../api/process-interval';
import { readActiveTask } from './active-task';
import { startGuarded } from './guard';
import { resetJobStarts, statusPollInterval } from './poll-interval';

beforeEach(() => {
  sessionStorage.clear();
  resetJobStarts();
});
afterEach(() => vi.unstubAllGlobals());

type Reply = { status?: number; body: unknown };

const stub = (status: Record<string, unknown>, start = vi.fn((): Reply => ({ body: { success: true, task_id: 'task-9', message: 'ok' } }))) => {
  const api = fakeApi({
    'GET /api/v3/status': () => ({ body: fakeProcessingStatus(status) }),
    'POST /api/v3/process/interval': start,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  return { api, start };
};

const input = { start_date: '2025-06-01', end_date: '2025-06-03' };

describe('startGuarded', () => {
  it('fetches the status first, then starts and stores the task id', async () => {
    const { api } = stub({ is_processing: false });
    const task = await startGuarded(testQueryClient(), () => processInterval(input));
    expect(task).toEqual({ task_id: 'task-9', message: 'ok' });
    expect(api.calls.map((c) => c.key).slice(0, 2)).toEqual(['GET /api/v3/status', 'POST /api/v3/process/interval']);
    expect(api.calls[1]?.body).toEqual(input);
    expect(readActiveTask()).toBe('task-9');
  });

  it('makes this tab poll every second for a while after a start', async () => {
    stub({ is_processing: false });
    expect(statusPollInterval(undefined)).toBe(10_000);
    await startGuarded(testQueryClient(), () => processInterval(input));
    expect(statusPollInterval(undefined)).toBe(1000);
  });

  it('words a refused date range in the spec\'s range format', async () => {
    stub({ is_processing: true, operation_label: 'Processing emails from 2025-11-01 to 2026-11-23' });
    await expect(startGuarded(testQueryClient(), () => processInterval(input))).rejects.toThrow(
      'Processing emails from Nov 1, 2025 - Nov 23, 2026 is currently running',
    );
  });

  it('refuses with "{label} is currently running" while a job runs, without calling', async () => {
    const { start } = stub({ is_processing: true, operation_label: 'Campaign spring-24' });
    await expect(startGuarded(testQueryClient(), () => processInterval(input))).rejects.toThrow(
      'Campaign spring-24 is currently running',
    );
    expect(start).not.toHaveBeenCalled();
    expect(readActiveTask()).toBeNull();
  });

  it('checks fresh status even when a cached one says idle', async () => {
    stub({ is_processing: true, operation_label: 'Date range 2025-06-01 00:00 to 2025-06-03 23:59' });
    const client = testQueryClient();
    client.setQueryData(['processing', 'status'], { is_processing: false });
    await expect(startGuarded(client, () => processInterval(input))).rejects.toThrow(/is currently running$/);
  });

  it("passes the server's 409 refusal through", async () => {
    const message = 'Cannot start Process Range: Processing is already running. Please wait for it to complete (12s elapsed).';
    stub({ is_processing: false }, vi.fn((): Reply => ({ status: 409, body: { success: false, error: message, message } })));
    await expect(startGuarded(testQueryClient(), () => processInterval(input))).rejects.toThrow(message);
  });
});
