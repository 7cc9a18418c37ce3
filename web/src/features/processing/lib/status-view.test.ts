import { describe, expect, it } from 'vitest';
import { normalizeStatus } from '../api/get-processing-status';
import { elapsedSecondsAt, formatOperationLabel, statusBarView } from './status-view';

const now = new Date(2025, 5, 10, 12);

describe('normalizeStatus', () => {
  it('reads both progress shapes and clamps the percent', () => {
    expect(normalizeStatus({ is_processing: true, progress: { threads_total: 10, threads_completed: 4 } }).progress).toEqual({
      total: 10,
      completed: 4,
      percent: 40,
    });
    expect(normalizeStatus({ progress: { total: 5, completed: 5, percent: 130 } }).progress.percent).toBe(100);
    expect(normalizeStatus({ progress: { total: 5, completed: 0, percent: -4 } }).progress.percent).toBe(0);
    expect(normalizeStatus({}).progress).toEqual({ total: 0, completed: 0, percent: 0 });
  });

  it('reads how an ended job went and its message count, only once it ended', () => {
    const ended = normalizeStatus({ is_processing: false, task_id: 't', status: 'failed', error: 'Gmail down', messages_processed: 7 });
    expect([ended.outcome, ended.error, ended.messages]).toEqual(['failed', 'Gmail down', 7]);
    const running = normalizeStatus({ is_processing: true, status: 'running', error: 'x' });
    expect([running.outcome, running.error, running.messages]).toEqual([null, null, null]);
  });

  it('reads the warnings of an ended job (a sheet sync that failed), only once it ended', () => {
    const warnings = ['The sheets could not be updated: The caller does not have permission'];
    expect(normalizeStatus({ is_processing: false, task_id: 't', status: 'succeeded', warnings }).warnings).toEqual(warnings);
    expect(normalizeStatus({ is_processing: true, warnings }).warnings).toEqual([]);
    expect(normalizeStatus({ is_processing: false, status: 'succeeded' }).warnings).toEqual([]);
  });

  it('defaults the label to "Processing" and drops unknown phases', () => {
    const status = normalizeStatus({ is_processing: true, phase: 'weird', operation_label: '' });
    expect(status.operation_label).toBe('Processing');
    expect(status.phase).toBeNull();
    expect(status.current_thread).toBeNull();
  });
});

describe('statusBarView', () => {
  const view = (raw: Parameters<typeof normalizeStatus>[0]) => statusBarView(normalizeStatus({ is_processing: true, ...raw }), now);

  it('prints each phase text', () => {
    expect(view({ phase: 'starting' }).phaseText).toBe('Starting...');
    expect(view({ phase: 'initializing' }).phaseText).toBe('Initializing...');
    expect(view({ phase: 'fetching' }).phaseText).toBe('Fetching threads...');
    expect(view({ phase: 'finalizing' }).phaseText).toBe('Finalizing...');
    expect(view({ phase: 'syncing_sheets', progress: { threads_total: 9, threads_completed: 7 } }).phaseText).toBe(
      'Syncing Google Sheets... (7 thread(s) done)',
    );
    const cancelling = view({ phase: 'cancelling' });
    expect(cancelling.phaseText).toBeNull();
    expect(cancelling.cancelling).toBe(true);
  });

  it('shows a date-range label as "Mon D - Mon D"', () => {
    expect(view({ operation_label: 'Date range 2025-06-01 00:00 to 2025-06-03 23:59' }).label).toBe('Jun 1 - Jun 3');
    expect(view({ operation_label: 'Date range 2024-12-30 00:00 to 2025-01-02 23:59' }).label).toBe('Dec 30, 2024 - Jan 2, 2025');
    expect(view({ operation_label: 'Campaign spring-24' }).label).toBe('Campaign spring-24');
    expect(view({ operation_label: 'Processing emails from 2025-11-01 to 2026-11-23' }).label).toBe('Processing emails from Nov 1, 2025 - Nov 23, 2026');
  });

  it('prints progress and the current subject', () => {
    const result = view({ progress: { total: 8, completed: 3 }, current_thread: { subject: 'Re: rates', thread_id: 't1' } });
    expect(result.progressText).toBe('3/8 threads');
    expect(result.percentText).toBe('38%');
    expect(result.subject).toBe('Re: rates');
  });
});

describe('formatOperationLabel', () => {
  it("writes this product's range labels in the spec's range format", () => {
    expect(formatOperationLabel('Processing emails from 2025-11-01 to 2026-11-23', now)).toBe('Processing emails from Nov 1, 2025 - Nov 23, 2026');
    expect(formatOperationLabel('Processing emails from 2025-06-01 to 2025-06-03', now)).toBe('Processing emails from Jun 1 - Jun 3');
    expect(formatOperationLabel('Processing emails from 2024-03-01 to 2024-03-31', now)).toBe('Processing emails from Mar 1 - Mar 31, 2024');
  });

  it("keeps the spec's own form, other labels and impossible dates as they are", () => {
    expect(formatOperationLabel('Date range 2025-06-01 00:00 to 2025-06-03 23:59', now)).toBe('Jun 1 - Jun 3');
    expect(formatOperationLabel('Processing all emails for maya@example.com', now)).toBe('Processing all emails for maya@example.com');
    expect(formatOperationLabel('Processing emails from 2025-13-01 to 2025-06-03', now)).toBe('Processing emails from 2025-13-01 to 2025-06-03');
  });
});

describe('elapsedSecondsAt', () => {
  it("counts on from the server's elapsed seconds", () => {
    expect(elapsedSecondsAt({ serverSeconds: 65, receivedAt: 1_000, firstSeenAt: 0 }, 3_500)).toBe(67);
  });

  it('counts from the first sighting when the server gives none', () => {
    expect(elapsedSecondsAt({ serverSeconds: null, receivedAt: 9_000, firstSeenAt: 2_000 }, 12_999)).toBe(10);
  });
});
