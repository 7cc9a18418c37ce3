// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JUST_ENDED_MS, TIMING } from '../../../../../shared/constants';
import { notificationStore } from '../../../components/ui/notifications';
import { fakeProcessingStatus, fakeProgress } from '../../../testing/fakes';
import { fakeApi, renderAt } from '../../../testing/render';
import { readActiveTask, storeActiveTask } from '../lib/active-task';
import { resetJobStarts } from '../lib/poll-interval';
import { ProcessingStatusBar } from './processing-status-bar';

type Status = Record<string, unknown>;

const IDLE: Status = fakeProcessingStatus();

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

/**
 * The clock is fake but runs on by itself (shouldAdvanceTime), so renders, clicks and waitFor go
 * as in real time; a test that waits for the next poll, or for a result that must still be there
 * after a while, moves the clock on at once instead of sleeping through it (inside act, so what
 * the timers changed is on screen when it returns).
 */
const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const nextPoll = () => later(TIMING.processingStatusPollMs);

beforeEach(() => {
  status = IDLE;
  sessionStorage.clear();
  resetJobStarts();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
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
    await later(1_000);
    await waitFor(() => expect(timer.textContent).toBe('1:06'), { timeout: 2500 });
  });

  it('words each phase; syncing counts the threads done', async () => {
    status = running({ phase: 'syncing_sheets', progress: fakeProgress(8, 8, 100) });
    setup();
    expect(within(await bar()).getByTestId('status-phase').textContent).toBe('Syncing Google Sheets... (8 thread(s) done)');
  });

  it('lists the phases already passed, so a sheet sync shorter than a poll still shows, and keeps them when the job ends', async () => {
    status = running({ phase: 'syncing_sheets', phases_passed: ['fetching', 'syncing_sheets'], progress: fakeProgress(8, 8, 100) });
    setup();
    const view = within(await bar());
    expect(view.getByTestId('status-phase').textContent).toBe('Syncing Google Sheets... (8 thread(s) done)');
    const passed = () => within(screen.getByRole('list', { name: 'Phases passed' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(passed()).toEqual(['Fetching threads']);
    // Ended between two polls: the sync was never seen running, yet the bar names it with the outcome.
    status = running({ is_processing: false, status: 'succeeded', phase: 'completed', phases_passed: ['fetching', 'syncing_sheets'], current_thread: null });
    await nextPoll();
    await waitFor(() => expect(screen.getByTestId('processing-status-bar').dataset.state).toBe('ended'), { timeout: 2500 });
    expect(screen.getByTestId('status-phase').textContent).toBe('Done');
    expect(passed()).toEqual(['Fetching threads', 'Syncing Google Sheets']);
  });

  it('defaults the label to "Processing" when the server names none', async () => {
    status = running({ operation_label: null, phase: 'starting', progress: fakeProgress(3, 4) });
    setup();
    const view = within(await bar());
    expect(view.getByTestId('status-label').textContent).toBe('Processing');
    expect(view.getByTestId('status-phase').textContent).toBe('Starting...');
    expect(view.getByTestId('status-progress').textContent).toBe('3/4 threads · 75%');
  });

  it('reads "Cancelling..." and is disabled in the cancelling phase', async () => {
    status = running({ phase: 'cancelling' });
    setup();
    const button = within(await bar()).getByRole('button', { name: 'Cancelling...' });
    expect(button).toHaveProperty('disabled', true);
    // The bar's phase line says it too: the threads in flight still finish, so the counts may move.
    expect(screen.getByTestId('status-phase').textContent).toBe('Cancelling...');
  });

  it('cancels through the stored task id, then forgets it', async () => {
    storeActiveTask('task-1');
    status = running();
    const { api, user } = setup({
      'POST /api/v3/task/task-1/cancel': () => {
        status = running({ phase: 'cancelling' });
        return { body: { success: true, task_id: 'task-1', cancelled: true, phase: 'cancelling', message: 'Cancelling' } };
      },
    });
    await user.click(within(await bar()).getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('button', { name: 'Cancelling...' });
    expect(api.calls.filter((c) => c.key.includes('cancel')).map((c) => c.key)).toEqual(['POST /api/v3/task/task-1/cancel']);
    expect(readActiveTask()).toBeNull();
  });

  it('uses the generic cancel without a stored task id', async () => {
    status = running();
    const { api, user } = setup({ 'POST /api/v3/process/cancel': () => ({ body: { success: true, cancelled: true, phase: 'cancelling', message: 'Cancelling', task_id: 'task-1' } }) });
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
    await nextPoll();
    await waitFor(() => expect(screen.getByTestId('processing-status-bar').dataset.state).toBe('ended'), { timeout: 2500 });
    expect(screen.getByTestId('status-timer').textContent).toBe('1:30');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(readActiveTask()).toBeNull();
    status = IDLE;
    await nextPoll();
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
    await nextPoll();
    await waitFor(() => expect(screen.getByTestId('processing-status-bar').dataset.state).toBe('ended'), { timeout: 2500 });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(readActiveTask()).toBeNull();
    // Still up just before JUST_ENDED_MS has passed, gone once it has.
    await later(JUST_ENDED_MS - 1_000);
    expect(screen.getByTestId('processing-status-bar').dataset.state).toBe('ended');
    await later(1_000);
    expect(screen.queryByTestId('processing-status-bar')).toBeNull();
  });

  it('keeps "Cancelling..." and the button disabled once the cancel went through, until the job ends', async () => {
    status = running();
    const { user } = setup({ 'POST /api/v3/process/cancel': () => ({ body: { success: true, cancelled: true, phase: 'cancelling', message: 'Cancelling', task_id: 'task-1' } }) });
    await user.click(within(await bar()).getByRole('button', { name: 'Cancel' }));
    const button = await screen.findByRole('button', { name: 'Cancelling...' });
    expect(button).toHaveProperty('disabled', true);
    // The server still says fetching for a while: the button does not flip back, and the bar
    // says the job is winding down rather than fetching.
    await later(1_500);
    expect(screen.getByRole('button', { name: 'Cancelling...' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('status-phase').textContent).toBe('Cancelling...');
    // Ended: the bar stops and says so.
    status = running({ is_processing: false, status: 'cancelled', phase: 'cancelled', progress: fakeProgress(3, 8) });
    await nextPoll();
    await waitFor(() => expect(screen.getByTestId('processing-status-bar').dataset.state).toBe('ended'), { timeout: 2500 });
    expect(screen.getByTestId('status-phase').textContent).toBe('Cancelled');
  });
});

describe('the result of a job that ends', () => {
  const result = async () => {
    await nextPoll();
    return screen.findByTestId('job-result', {}, { timeout: 2500 });
  };

  it('shows the counts (threads and messages) and a "What changed" link to /queues', async () => {
    const operation_label = 'Processing emails from 2025-11-01 to 2026-11-23';
    status = running({ operation_label });
    setup();
    await bar();
    status = running({ operation_label, is_processing: false, status: 'succeeded', phase: 'finalizing', progress: fakeProgress(8, 8), messages_processed: 21 });
    const toast = within(await result());
    expect(toast.getByText('Processing Complete')).toBeTruthy();
    expect(toast.getByText('Processing emails from Nov 1, 2025 - Nov 23, 2026')).toBeTruthy();
    expect(toast.getByTestId('job-result-counts').textContent).toBe('8 thread(s) and 21 message(s) processed');
    expect(toast.getByRole('link', { name: 'What changed' }).getAttribute('href')).toBe('/queues');
  });

  it('says a cancelled job was cancelled, with what it did before', async () => {
    status = running({ phase: 'cancelling' });
    setup();
    await bar();
    status = running({ is_processing: false, status: 'cancelled', phase: 'cancelling', progress: fakeProgress(3, 8) });
    const toast = within(await result());
    expect(toast.getByText('Processing Cancelled')).toBeTruthy();
    expect(toast.getByTestId('job-result-counts').textContent).toBe('3 thread(s) processed');
  });

  it('keeps the failure and its error until dismissed', async () => {
    status = running();
    const { user } = setup();
    await bar();
    status = running({ is_processing: false, status: 'failed', error: 'Gmail quota exhausted' });
    const toast = await result();
    expect(toast.getAttribute('role')).toBe('alert');
    expect(within(toast).getByText('Gmail quota exhausted')).toBeTruthy();
    await user.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('job-result')).toBeNull();
  });

  it('still shows a result when the server goes straight to idle', async () => {
    status = running({ progress: fakeProgress(4, 4) });
    setup();
    await bar();
    status = IDLE;
    const toast = within(await result());
    expect(toast.getByText('Processing Complete')).toBeTruthy();
    expect(toast.getByTestId('job-result-counts').textContent).toBe('4 thread(s) processed');
  });

  it('keeps a result until the person dismisses it (a job outcome is what they waited for)', async () => {
    status = running();
    const { user } = setup();
    await bar();
    status = running({ is_processing: false, status: 'succeeded' });
    const toast = await result();
    // Past the 5 s in which a notification hides itself (TIMING.notificationAutoHideMs).
    await later(5_500);
    expect(screen.getByTestId('job-result')).toBe(toast);
    await user.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('job-result')).toBeNull();
  });

  it('shows the warning of a job that succeeded but could not update the sheets, until dismissed', async () => {
    status = running();
    setup();
    await bar();
    const warning = 'The sheets could not be updated: The caller does not have permission';
    status = running({ is_processing: false, status: 'succeeded', progress: fakeProgress(8, 8), warnings: [warning] });
    const toast = await result();
    expect(toast.dataset.outcome).toBe('succeeded');
    expect(within(toast).getByText('Processing Complete')).toBeTruthy();
    expect(within(toast).getByText(warning)).toBeTruthy();
    // A warning is not news to fade: it stays like a failure.
    await later(5_500);
    expect(screen.getByTestId('job-result')).toBeTruthy();
  });

  it('says on the bar why a job ended badly, also when the page opened after it ended', async () => {
    const interrupted = 'The processing job stopped unexpectedly: the server running it restarted or lost it.';
    status = running({ is_processing: false, status: 'failed', error: interrupted });
    setup();
    expect((await bar()).dataset.state).toBe('ended');
    expect(screen.getByTestId('status-message').textContent).toBe(interrupted);
  });

  it('shows nothing for a job that had already ended when the page opened', async () => {
    status = running({ is_processing: false, status: 'succeeded' });
    setup();
    expect((await bar()).dataset.state).toBe('ended');
    await later(1_200);
    expect(screen.queryByTestId('job-result')).toBeNull();
  });
});
