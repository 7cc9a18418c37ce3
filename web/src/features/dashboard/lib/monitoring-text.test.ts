import { describe, expect, it } from 'vitest';
import type { MonitorMetrics } from '../api/get-monitor-metrics';
import {
  cycleMessagesText,
  cycleThreadsText,
  lastCheckText,
  MONITORING_STATE_LABELS,
  monitoringState,
  nextCheckText,
} from './monitoring-text';

const now = new Date(2025, 5, 10, 14, 0, 0);
const iso = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

const metrics = (overrides: Partial<MonitorMetrics> = {}): MonitorMetrics => ({
  is_processing: false,
  last_check: null,
  next_check_at: null,
  next_check_in_seconds: null,
  threads_in_last_check: 0,
  messages_in_last_check: 0,
  tracked_conversations: 0,
  ...overrides,
});

describe('monitoringState', () => {
  it('is Error, then Loading…, then Processing or Idle', () => {
    const state = (args: Parameters<typeof monitoringState>[0]) => MONITORING_STATE_LABELS[monitoringState(args)];
    expect(state({ error: new Error('x'), isLoading: false, data: metrics() })).toBe('Error');
    expect(state({ error: null, isLoading: true, data: undefined })).toBe('Loading…');
    expect(state({ error: null, isLoading: false, data: metrics({ is_processing: true }) })).toBe('Processing');
    expect(state({ error: null, isLoading: false, data: metrics() })).toBe('Idle');
  });
});

describe('lastCheckText', () => {
  it('says "Awaiting first run" when a check is scheduled, "Not yet run" otherwise', () => {
    expect(lastCheckText(metrics({ next_check_in_seconds: 60 }), now)).toBe('Awaiting first run');
    expect(lastCheckText(metrics({ next_check_at: iso(60_000) }), now)).toBe('Awaiting first run');
    expect(lastCheckText(metrics(), now)).toBe('Not yet run');
  });

  it('reads just now, minutes, hours, days ago, and Scheduled for a future time', () => {
    expect(lastCheckText(metrics({ last_check: iso(-30_000) }), now)).toBe('Just now');
    expect(lastCheckText(metrics({ last_check: iso(-5 * 60_000) }), now)).toBe('5 minutes ago');
    expect(lastCheckText(metrics({ last_check: iso(-60 * 60_000) }), now)).toBe('1 hour ago');
    expect(lastCheckText(metrics({ last_check: iso(-3 * 86_400_000) }), now)).toBe('3 days ago');
    expect(lastCheckText(metrics({ last_check: iso(120_000) }), now)).toBe('Scheduled');
  });
});

describe('nextCheckText', () => {
  it('says "Checking for new messages…" while processing', () => {
    expect(nextCheckText(metrics({ is_processing: true, next_check_at: iso(60_000) }), now)).toBe('Checking for new messages…');
  });

  it('shows the time with "(in < 1 min)" or "(in ~N min)"', () => {
    expect(nextCheckText(metrics({ next_check_at: iso(30_000) }), now)).toBe('2:00 PM (in < 1 min)');
    expect(nextCheckText(metrics({ next_check_at: iso(4 * 60_000) }), now)).toBe('2:04 PM (in ~4 min)');
    expect(nextCheckText(metrics({ next_check_in_seconds: 150 }), now)).toBe('2:02 PM (in ~3 min)');
    // Overdue: the check is about to run.
    expect(nextCheckText(metrics({ next_check_at: iso(-10_000) }), now)).toBe('1:59 PM (in < 1 min)');
  });

  it('says "Scheduled soon" when the time is unknown', () => {
    expect(nextCheckText(metrics(), now)).toBe('Scheduled soon');
    expect(nextCheckText(metrics({ next_check_at: 'garbage' }), now)).toBe('Scheduled soon');
  });
});

describe('cycle card', () => {
  it('counts new messages and threads, or says there were none', () => {
    expect(cycleMessagesText(metrics({ messages_in_last_check: 3 }))).toBe('3 new message(s)');
    expect(cycleMessagesText(metrics())).toBe('No new messages');
    expect(cycleThreadsText(metrics({ threads_in_last_check: 2 }))).toBe('Across 2 thread(s)');
    expect(cycleThreadsText(metrics())).toBe('Monitoring all tracked threads');
  });

  it('says nothing is monitored across threads when no mailbox is connected, and keeps the spec text otherwise', () => {
    expect(cycleThreadsText(metrics(), 0)).toBeNull();
    expect(cycleThreadsText(metrics(), 3)).toBe('Monitoring all tracked threads');
    // What a cycle found is still said, whatever is connected now.
    expect(cycleThreadsText(metrics({ threads_in_last_check: 1 }), 0)).toBe('Across 1 thread(s)');
  });
});
