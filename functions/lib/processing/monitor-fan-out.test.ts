import { describe, expect, it } from 'vitest';
import { useLocalTable } from '../../../test/support/local-table';
import { installPlatform } from '../platform/platform';
import type { AsyncTaskId } from '../platform/ports';
import { AGENCIES_PER_INVOCATION, runMonitorShare, runMonitorTick } from './monitor';
import { ensureRegistered } from './monitor-registry';

/**
 * The tick's fan-out is its task's: past its own share of due agencies it dispatches MonitorShare
 * tasks through the platform's dispatcher, on AWS (a Lambda invoke) and locally (in-process)
 * alike; no environment variable decides whether it fans out. The agencies here have no mailbox,
 * so each check is a quick 'skipped'.
 */
describe('the monitor tick hands its further shares to MonitorShare', () => {
  useLocalTable('monitor-fan-out');
  const registeredAt = new Date('2026-11-23T10:00:00Z');
  const tickAt = new Date('2026-11-23T11:00:00Z');

  const capture = () => {
    const dispatched: { taskId: AsyncTaskId; agencies: string[] }[] = [];
    installPlatform({ asyncDispatcher: async (taskId, payload) => void dispatched.push({ taskId, agencies: payload.agencies as string[] }) });
    return dispatched;
  };

  it('checks the first share itself and dispatches the rest, each share at most AGENCIES_PER_INVOCATION agencies', async () => {
    const dispatched = capture();
    const agencies = Array.from({ length: AGENCIES_PER_INVOCATION * 2 + 3 }, (_, i) => `fan-out-${String(i).padStart(2, '0')}`);
    for (const agency of agencies) await ensureRegistered(agency, registeredAt);

    const tick = await runMonitorTick(tickAt);

    expect(tick.results.map((check) => check.result)).toEqual(Array(AGENCIES_PER_INVOCATION).fill('skipped'));
    expect(dispatched.map((share) => [share.taskId, share.agencies.length])).toEqual([
      ['MonitorShare', AGENCIES_PER_INVOCATION],
      ['MonitorShare', 3],
    ]);
    const everyone = [...tick.results.map((check) => check.agencyName), ...dispatched.flatMap((share) => share.agencies)];
    expect(everyone.sort()).toEqual(agencies);
  });

  it('a share checks its agencies and dispatches nothing', async () => {
    const dispatched = capture();
    await ensureRegistered('share-a', registeredAt);
    await ensureRegistered('share-b', registeredAt);

    const share = await runMonitorShare(['share-a', 'share-b'], tickAt);

    expect(share.results.map((check) => [check.agencyName, check.result])).toEqual([
      ['share-a', 'skipped'],
      ['share-b', 'skipped'],
    ]);
    expect(dispatched).toEqual([]);
  });
});
