// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { fakeApi, renderAt } from '../../../testing/render';
import { readActiveTask, storeActiveTask } from '../lib/active-task';
import { ProcessingStatusBar } from './processing-status-bar';

type Status = Record<string, unknown>;

const IDLE: Status = { success: true, is_processing: false, operation_label: null, task_id: null, phase: null, progress: null, current_thread: null };

const running = (overrides: Status = {}): Status => ({
  success: true,
  is_processing: true,
  operation_label: 'Date range 2025-06-01 00:00 to 2025-06-03 23:59',
  elapsed_seconds: 65,
  task_id: 'task-1',
  phase: 'fetching',
  progress: { threads_total: 8, threads_completed: 2, total: 8, completed: 2, percent: 25 },
  current_thread: { subject: 'Re: summer rates', thread_id: 't-1' },
  ...overrides,
});

let status: Status = IDLE;

const setup = (handlers: Parameters<typeof fakeApi>[0] = {}) => {
  const api = fakeApi({ 'GET /api/v3/status': () => ({ body: status }), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  renderAt(<ProcessingStatusBar />);
  return { api, user: userEvent.setup() };
};

const bar = () => screen.findByTestId('processing-status-bar');

beforeEach(() => {
  status = IDLE;
  sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 10, 12));
});

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ProcessingStatusBar', () => {
  it('renders nothing while idle', async () => {
    const { api } = setup();
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('processing-status-bar')).toBeNull();
  });

  it('shows the timer, the short date-range label, the phase, progress and subject', async () => {
    status = running();
    setup();
    const view = within(await bar());
    expect(view.getByTestId('status-timer').textContent).toBe('1:05');
    expect(view.getByTestId('status-label').textContent).toBe('Jun 1 - Jun 3');
    expect(view.getByTestId('status-phase').textContent).toBe('Fetching threads...');
    expect(view.getByTestId('status-progress').textContent).toBe('2/8 threads · 25%');
    expect(view.getByTestId('status-subject').textContent).toContain('Re: summer rates');
    expect((view.getByRole('progressbar') as HTMLProgressElement).value).toBe(25);
    expect(view.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', false);
  });

  it('ticks every second from the server-reported elapsed seconds', async () => {
    const started = Date.now();
    status = running();
    setup({
      // The server counts on between polls, like the real one.
      'GET /api/v3/status': () => ({ body: { ...status, elapsed_seconds: 65 + Math.floor((Date.now() - started) / 1000) } }),
    });
    const timer = within(await bar()).getByTestId('status-timer');
    expect(timer.textContent).toBe('1:05');
    await waitFor(() => expect(timer.textContent).toBe('1:06'), { timeout: 2500 });
  });

  it('words each phase; syncing counts the threads done', async () => {
    status = running({ phase: 'syncing_sheets', progress: { threads_total: 8, threads_completed: 8, percent: 100 } });
    setup();
    expect(within(await bar()).getByTestId('status-phase').textContent).toBe('Syncing Google Sheets... (8 thread(s) done)');
  });

  it('clamps the percent to 0–100 and defaults the label to "Processing"', async () => {
    status = running({ operation_label: null, phase: 'starting', progress: { total: 4, completed: 5, percent: 125 } });
    setup();
    const view = within(await bar());
    expect(view.getByTestId('status-label').textContent).toBe('Processing');
    expect(view.getByTestId('status-phase').textContent).toBe('Starting...');
    expect(view.getByTestId('status-progress').textContent).toBe('5/4 threads · 100%');
  });

  it('reads "Cancelling..." and is disabled in the cancelling phase', async () => {
    status = running({ phase: 'cancelling' });
    setup();
    const button = within(await bar()).getByRole('button', { name: 'Cancelling...' });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('status-phase')).toBeNull();
  });

  it('cancels through the stored task id, then forgets it', async () => {
    storeActiveTask('task-1');
    status = running();
    const { api, user } = setup({
      'POST /api/v3/task/task-1/cancel': () => {
        status = running({ phase: 'cancelling' });
        return { body: { success: true } };
      },
    });
    await user.click(within(await bar()).getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('button', { name: 'Cancelling...' });
    expect(api.calls.filter((c) => c.key.includes('cancel')).map((c) => c.key)).toEqual(['POST /api/v3/task/task-1/cancel']);
    expect(readActiveTask()).toBeNull();
  });

  it('uses the generic cancel without a stored task id', async () => {
    status = running();
    const { api, user } = setup({ 'POST /api/v3/process/cancel': () => ({ body: { success: true } }) });
    await user.click(within(await bar()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.calls.some((c) => c.key === 'POST /api/v3/process/cancel')).toBe(true));
    expect(api.calls.find((c) => c.key === 'POST /api/v3/process/cancel')?.body).toEqual({});
  });

  it("shows the server's just-ended job, frozen, until the server goes idle", async () => {
    storeActiveTask('task-1');
    status = running();
    setup();
    await bar();
    status = running({ is_processing: false, elapsed_seconds: 90, phase: 'finalizing', current_thread: null, status: 'succeeded' });
    await waitFor(() => expect(screen.getByTestId('processing-status-bar').dataset.state).toBe('ended'), { timeout: 2500 });
    expect(screen.getByTestId('status-timer').textContent).toBe('1:30');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(readActiveTask()).toBeNull();
    status = IDLE;
    await waitFor(() => expect(screen.queryByTestId('processing-status-bar')).toBeNull(), { timeout: 2500 });
  });

  it('appears for a job that just ended when the page opens', async () => {
    status = running({ is_processing: false, elapsed_seconds: 42 });
    setup();
    expect((await bar()).dataset.state).toBe('ended');
    expect(screen.getByTestId('status-timer').textContent).toBe('0:42');
  });

  it('stays up briefly, frozen, when the server goes straight to idle, then hides', async () => {
    storeActiveTask('task-1');
    status = running();
    setup();
    await bar();
    status = IDLE;
    await waitFor(() => expect(screen.getByTestId('processing-status-bar').dataset.state).toBe('ended'), { timeout: 2500 });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(readActiveTask()).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('processing-status-bar')).toBeNull(), { timeout: 4500 });
  });
});
