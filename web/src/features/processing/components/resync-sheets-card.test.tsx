// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../components/ui/notifications';
import { fakeProcessingStatus } from '../../../testing/fakes';
import { fakeApi, renderAt } from '../../../testing/render';
import { readActiveTask } from '../lib/active-task';
import { resetJobStarts } from '../lib/poll-interval';
import { ResyncSheetsCard } from './resync-sheets-card';

const IDLE = fakeProcessingStatus();
const toasts = () => notificationStore.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

const setup = (handlers: Parameters<typeof fakeApi>[0] = {}, blocked = false) => {
  const api = fakeApi({ 'GET /api/v3/status': () => ({ body: IDLE }), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetchImpl));
  renderAt(<ResyncSheetsCard blocked={blocked} />);
  return { api, user: userEvent.setup() };
};

beforeEach(() => {
  sessionStorage.clear();
  resetJobStarts();
});

afterEach(() => {
  cleanup();
  notificationStore.clear();
  vi.unstubAllGlobals();
});

describe('ResyncSheetsCard', () => {
  it('starts a sheets-only job, remembers its task for Cancel and says so', async () => {
    const { api, user } = setup({
      'POST /api/v3/sheets/resync': () => ({ body: { success: true, task_id: 'task-9', message: "Bringing every campaign's sheets up to date" } }),
    });
    await user.click(screen.getByRole('button', { name: 'Resync sheets' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'success', title: 'Sheets Resync Started', message: "Bringing every campaign's sheets up to date" }]));
    expect(api.calls.find((c) => c.key === 'POST /api/v3/sheets/resync')?.body).toEqual({});
    expect(readActiveTask()).toBe('task-9');
  });

  it('is disabled while a job runs', () => {
    setup({}, true);
    expect((screen.getByRole('button', { name: 'Resync sheets' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('toasts the refusal when another job got there first', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = 'Cannot start sheet sync: Monitoring check is already running. Please wait for it to complete (3s elapsed).';
    const { user } = setup({ 'POST /api/v3/sheets/resync': () => ({ status: 409, body: { success: false, error: refusal, message: refusal } }) });
    await user.click(screen.getByRole('button', { name: 'Resync sheets' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Processing Failed', message: refusal }]));
  });

  it('refuses an answer of another shape', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup({ 'POST /api/v3/sheets/resync': () => ({ body: { success: true }, malformed: true }) });
    await user.click(screen.getByRole('button', { name: 'Resync sheets' }));
    await waitFor(() => expect(toasts()).toEqual([{ type: 'error', title: 'Processing Failed', message: 'Unexpected response format' }]));
  });
});
