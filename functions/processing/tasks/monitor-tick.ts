/**
 * The 2-minute scheduler target. Built by the processing issue; until then a tick does nothing
 * and says so in the log.
 */
import { logger } from '../../lib/logger';

export const handler = async (): Promise<{ agenciesChecked: number }> => {
  logger.debug('monitor tick: processing is not built yet, nothing to check');
  return { agenciesChecked: 0 };
};
