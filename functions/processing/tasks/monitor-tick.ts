import { runMonitorTick, type TickEvent } from '../../lib/processing/monitor';

/**
 * The scheduler's target every 2 minutes (and, with `{agencies}`, a fanned-out share of one
 * tick). See functions/lib/processing/monitor.ts.
 */
export const handler = async (event: TickEvent = {}) => runMonitorTick(event ?? {});
