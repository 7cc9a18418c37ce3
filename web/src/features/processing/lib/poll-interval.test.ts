// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { processingStatusResponse } from '../../../../../shared/schemas/processing';
import { processingStatusQueryOptions } from '../api/get-processing-status';
import { fakeData } from '../../../testing/fake-response';
import { fakeProcessingStatus } from '../../../testing/fakes';
import { noteJobStarted, resetJobStarts, STARTED_HERE_FAST_POLL_MS, statusPollInterval } from './poll-interval';

const status = (changes: Parameters<typeof fakeProcessingStatus>[0]) => fakeData(processingStatusResponse, fakeProcessingStatus(changes));
const idle = status({ is_processing: false });
const running = status({ is_processing: true, task_id: 'task-1', phase: 'fetching' });
const justEnded = status({ is_processing: false, task_id: 'task-1', status: 'succeeded' });

beforeEach(() => resetJobStarts());

describe('statusPollInterval', () => {
  it('polls every second while a job runs, and while the server still shows the one that just ended', () => {
    expect(statusPollInterval(running, 0)).toBe(1000);
    expect(statusPollInterval(justEnded, 0)).toBe(1000);
  });

  it('polls every 10 s when idle (the answer carries the change counters), and before the first answer', () => {
    expect(statusPollInterval(idle, 0)).toBe(10_000);
    expect(statusPollInterval(undefined, 0)).toBe(10_000);
  });

  it('polls every second for a few seconds after this tab started a job, then falls back to 10 s', () => {
    const now = 1_000_000;
    noteJobStarted(now);
    expect(STARTED_HERE_FAST_POLL_MS).toBeGreaterThanOrEqual(3000);
    expect(statusPollInterval(idle, now)).toBe(1000);
    expect(statusPollInterval(idle, now + STARTED_HERE_FAST_POLL_MS - 1)).toBe(1000);
    expect(statusPollInterval(idle, now + STARTED_HERE_FAST_POLL_MS)).toBe(10_000);
  });
});

describe('the status query polls by that interval', () => {
  let status = idle;
  // The whole answer, as the route sends it (the client parses it with the response schema).
  const fetchStatus = vi.fn(async () => new Response(JSON.stringify(status), { status: 200 }));

  beforeEach(() => {
    status = idle;
    fetchStatus.mockClear();
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchStatus);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Two observers (the status bar and the dashboard) of the one status query. */
  const observe = () => {
    const client = new QueryClient();
    const observers = [new QueryObserver(client, processingStatusQueryOptions()), new QueryObserver(client, processingStatusQueryOptions())];
    const stops = observers.map((observer) => observer.subscribe(() => undefined));
    return () => {
      stops.forEach((stop) => stop());
      client.clear();
    };
  };

  it('asks at most once per 10 s while idle, however many components read it', async () => {
    const stop = observe();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(51_000);
    expect(fetchStatus).toHaveBeenCalledTimes(7);
    stop();
  });

  it('sees a job started elsewhere within 10 s, then asks every second until it is gone', async () => {
    const stop = observe();
    await vi.advanceTimersByTimeAsync(0);
    status = running;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchStatus).toHaveBeenCalledTimes(7);
    status = justEnded;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetchStatus).toHaveBeenCalledTimes(10);
    status = idle;
    await vi.advanceTimersByTimeAsync(1_000);
    const settled = fetchStatus.mock.calls.length;
    await vi.advanceTimersByTimeAsync(9_000);
    expect(fetchStatus).toHaveBeenCalledTimes(settled);
    stop();
  });
});
