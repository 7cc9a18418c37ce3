import { describe, expect, it } from 'vitest';
import { processingStatusResponse } from '../../../../../shared/schemas/processing';
import { fakeData } from '../../../testing/fake-response';
import { fakeProcessingStatus, fakeProgress } from '../../../testing/fakes';
import { elapsedSecondsAt, formatOperationLabel, statusBarView } from './status-view';

const now = new Date(2025, 5, 10, 12);

/** A running job's status as the client holds it: the server's answer, parsed by the shared schema. */
const runningStatus = (changes: Parameters<typeof fakeProcessingStatus>[0] = {}) =>
  fakeData(processingStatusResponse, fakeProcessingStatus({ is_processing: true, task_id: 't', operation_label: 'Campaign spring-24', progress: fakeProgress(0, 0), ...changes }));

describe('the status answer', () => {
  it('is read as the server sends it: known phases and outcomes, a percent in 0–100', () => {
    const answer = fakeProcessingStatus({ is_processing: true, task_id: 't', phase: 'fetching', progress: fakeProgress(4, 10) });
    expect(processingStatusResponse.parse(answer)).toEqual(answer);
    for (const drift of [{ phase: 'weird' }, { status: 'exploded' }, { progress: fakeProgress(5, 4, 125) }, { elapsed_seconds: -3 }]) {
      expect(processingStatusResponse.safeParse({ ...answer, ...drift }).success, JSON.stringify(drift)).toBe(false);
    }
  });
});

describe('statusBarView', () => {
  const view = (changes: Parameters<typeof fakeProcessingStatus>[0]) => statusBarView(runningStatus(changes), now);

  it('prints each phase text', () => {
    expect(view({ phase: 'starting' }).phaseText).toBe('Starting...');
    expect(view({ phase: 'initializing' }).phaseText).toBe('Initializing...');
    expect(view({ phase: 'fetching' }).phaseText).toBe('Fetching threads...');
    expect(view({ phase: 'finalizing' }).phaseText).toBe('Finalizing...');
    expect(view({ phase: 'syncing_sheets', progress: fakeProgress(7, 9) }).phaseText).toBe('Syncing Google Sheets... (7 thread(s) done)');
    const cancelling = view({ phase: 'cancelling' });
    expect(cancelling.phaseText).toBeNull();
    expect(cancelling.cancelling).toBe(true);
    // an ended job's phase is said by its result, not by the bar
    expect(view({ is_processing: false, phase: 'completed', status: 'succeeded' }).phaseText).toBeNull();
    expect(view({ phase: null }).phaseText).toBeNull();
  });

  it('shows a date-range label as "Mon D - Mon D", and "Processing" when the server names none', () => {
    expect(view({ operation_label: 'Date range 2025-06-01 00:00 to 2025-06-03 23:59' }).label).toBe('Jun 1 - Jun 3');
    expect(view({ operation_label: 'Date range 2024-12-30 00:00 to 2025-01-02 23:59' }).label).toBe('Dec 30, 2024 - Jan 2, 2025');
    expect(view({ operation_label: 'Campaign spring-24' }).label).toBe('Campaign spring-24');
    expect(view({ operation_label: 'Processing emails from 2025-11-01 to 2026-11-23' }).label).toBe('Processing emails from Nov 1, 2025 - Nov 23, 2026');
    expect(view({ operation_label: null }).label).toBe('Processing');
  });

  it('prints progress and the current subject (none before the server counts, none for an empty subject)', () => {
    const result = view({ progress: fakeProgress(3, 8, 37.5), current_thread: { subject: 'Re: rates', thread_id: 't1' } });
    expect(result.progressText).toBe('3/8 threads');
    expect(result.percentText).toBe('38%');
    expect(result.subject).toBe('Re: rates');
    expect(view({ progress: null }).progressText).toBe('0/0 threads');
    expect(view({ current_thread: { subject: '', thread_id: 't1' } }).subject).toBeNull();
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
