import { resumeStalledImports } from '../../lib/campaigns/longlist-import-store';
import { logger, errorMessage } from '../../lib/logger';
import { runMonitorTick } from '../../lib/processing/monitor';
import { catchUpBehindSheets } from '../../lib/processing/sheets-catch-up';
import { monitorTickInput } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { taskHandler } from '../../lib/tasks/task-handler';

/**
 * The scheduler's target every 2 minutes (and, with `{agencies}`, a fanned-out share of one
 * tick). See functions/lib/processing/monitor.ts. Then the catch-ups no new mail would start:
 * an agency checked without new mail whose sheets are behind gets a sheets-only job (looked at
 * only when its registry says a tracker was marked behind), and (once per tick, not per share,
 * and only while a due agency has an import running) a longlist import whose worker died is resumed.
 */
export const handler = taskHandler(async (event) => {
  const tickEvent = readTaskEvent(event, monitorTickInput);
  const tick = await runMonitorTick(tickEvent);
  const sheetJobs: string[] = [];
  for (const check of tick.results) {
    if (check.result !== 'nothing-new' && check.result !== 'skipped') continue;
    if (check.sheetsWantVersion === undefined) continue;
    const jobId = await catchUpBehindSheets(check.agencyName, Date.now(), check.sheetsWantVersion);
    if (jobId) sheetJobs.push(jobId);
  }
  let importsResumed = 0;
  if (!tickEvent.agencies && tick.importsRunning) {
    importsResumed = await resumeStalledImports().catch((error: unknown) => {
      logger.warn('monitor: stalled imports not resumed', { error: errorMessage(error) });
      return 0;
    });
  }
  return { ...tick, sheetJobs, importsResumed };
});
