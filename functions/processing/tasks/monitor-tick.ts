import { resumeStalledImports } from '../../lib/campaigns/longlist-import-store';
import { logger, errorMessage } from '../../lib/logger';
import { runMonitorTick } from '../../lib/processing/monitor';
import { catchUpAfterChecks } from '../../lib/processing/sheets-catch-up';
import { taskHandler } from '../../lib/tasks/task-handler';

/**
 * The scheduler's target every 2 minutes. See functions/lib/processing/monitor.ts: it checks the
 * first share of the due agencies and hands the others to MonitorShare. Then the catch-ups no new
 * mail would start: an agency checked without new mail whose sheets are behind gets a sheets-only
 * job (looked at only when its registry says a tracker was marked behind), and (once per tick, and
 * only while a due agency has an import running) a longlist import whose worker died is resumed.
 */
export const handler = taskHandler(async () => {
  const tick = await runMonitorTick();
  const sheetJobs = await catchUpAfterChecks(tick.results);
  const importsResumed = tick.importsRunning
    ? await resumeStalledImports().catch((error: unknown) => {
        logger.warn('monitor: stalled imports not resumed', { error: errorMessage(error) });
        return 0;
      })
    : 0;
  return { ...tick, sheetJobs, importsResumed };
});
