import { runMonitorShare } from '../../lib/processing/monitor';
import { catchUpAfterChecks } from '../../lib/processing/sheets-catch-up';
import { monitorShareInput } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { taskHandler } from '../../lib/tasks/task-handler';

/**
 * One share of a monitor tick (dispatched by MonitorTick, functions/lib/processing/monitor.ts):
 * its agencies checked as the tick checks its own, with the same sheets catch-up.
 */
export const handler = taskHandler(async (event) => {
  const { agencies } = readTaskEvent(event, monitorShareInput);
  const share = await runMonitorShare(agencies);
  return { ...share, sheetJobs: await catchUpAfterChecks(share.results) };
});
