import { describe, expect, it } from 'vitest';
import type { MonitorRegistryItem } from '../store/entities/monitor-registry';
import { isDue, MONITOR_TICK_MS, monitoringOf, scheduleNext, sheetsMaybeBehind } from './monitor-registry';

/** Ticks every 2 minutes for `hours`; returns the times an agency with `intervalMinutes` was checked. */
const simulate = (intervalMinutes: number, hours: number, firstTickAt = 37_000) => {
  const interval = intervalMinutes * 60_000;
  const checks: number[] = [];
  let next = 0; // registered: due at once
  for (let now = firstTickAt; now <= hours * 3600_000; now += MONITOR_TICK_MS) {
    if (!isDue(next, now)) continue;
    checks.push(now);
    next = scheduleNext(next, now, interval);
  }
  return checks;
};

const meanGap = (checks: number[]) => (checks.at(-1)! - checks[0]!) / (checks.length - 1);

describe('the monitor checks an agency at its configured interval on average', () => {
  it.each([2, 5, 7, 10, 15, 30])('%i-minute interval over an hour of 2-minute ticks: mean within 10 %', (minutes) => {
    const checks = simulate(minutes, minutes >= 15 ? 6 : 1);
    const mean = meanGap(checks) / 60_000;
    expect(Math.abs(mean - minutes) / minutes).toBeLessThanOrEqual(0.1);
    // never more often than a tick, never later than interval + one tick
    for (let i = 1; i < checks.length; i += 1) {
      const gap = checks[i]! - checks[i - 1]!;
      expect(gap).toBeGreaterThanOrEqual(MONITOR_TICK_MS);
      expect(gap).toBeLessThanOrEqual(minutes * 60_000 + MONITOR_TICK_MS);
    }
  });

  it('a 5-minute interval is checked every ~5 minutes, not every 6 (due after 5, picked up by the next tick)', () => {
    expect(meanGap(simulate(5, 1)) / 60_000).toBeCloseTo(5, 0);
  });

  it('an agency not checked for longer than its interval (busy, just registered) counts again from now', () => {
    expect(scheduleNext(0, 3_600_000, 300_000)).toBe(3_900_000);
    expect(scheduleNext(undefined, 1_000, 300_000)).toBe(301_000);
  });
});

describe('what the registry tells an idle check', () => {
  const item = (fields: Partial<MonitorRegistryItem>) => ({ agencyName: 'a', nextCheckAt: '', registeredAt: '', ...fields }) as MonitorRegistryItem;

  it('the sheets are looked at until a look found none behind at the current want version', () => {
    expect(sheetsMaybeBehind(undefined)).toBe(true);
    expect(sheetsMaybeBehind(item({}))).toBe(true);
    expect(sheetsMaybeBehind(item({ sheetsCheckedVersion: 0 }))).toBe(false);
    expect(sheetsMaybeBehind(item({ sheetsWantVersion: 3, sheetsCheckedVersion: 2 }))).toBe(true);
    expect(sheetsMaybeBehind(item({ sheetsWantVersion: 3, sheetsCheckedVersion: 3 }))).toBe(false);
  });

  it('the monitoring settings count only when all three are kept', () => {
    expect(monitoringOf(item({ checkIntervalMinutes: 5, hoursToCheck: 24 }))).toBeUndefined();
    expect(monitoringOf(item({ checkIntervalMinutes: 5, hoursToCheck: 24, maxDurationMinutes: 10 }))).toEqual({ check_interval_minutes: 5, hours_to_check: 24, max_duration_minutes: 10 });
  });
});
