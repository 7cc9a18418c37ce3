import { MODEL_PURPOSES } from '../../../../../shared/constants';
import { monthDayYear, parseIsoDate } from '../../../../../shared/format/months';
import type { ModelConfigurationJson } from '../../../../../shared/schemas/settings';
import { dashboardText } from '../messages';

const DAY_MS = 24 * 3600 * 1000;
/** How far ahead a shutdown is announced on the dashboard. */
const RETIREMENT_NOTICE_DAYS = 30;

type RetiringModel = { model: string; shutdownOn: string; successor: string; text: string };

/**
 * The agency's chosen models that shut down within the next 30 days, each once, with the model
 * the product moves their purposes to (the server's `successor`) and the day, as the web writes
 * days ("Dec 11, 2026"). A shutdown counts from 00:00 UTC of its day, as the server's; a model
 * already shut down is the replacement warning's business, not this one's.
 */
export const retiringSoon = (configurations: Record<string, ModelConfigurationJson>, now: Date = new Date()): RetiringModel[] => {
  const seen = new Map<string, RetiringModel>();
  for (const purpose of MODEL_PURPOSES) {
    const config = configurations[purpose];
    if (!config?.shutdown_on || !config.successor) continue;
    const day = parseIsoDate(config.shutdown_on);
    const at = Date.parse(`${config.shutdown_on}T00:00:00Z`);
    if (!day || Number.isNaN(at)) continue;
    const ahead = at - now.getTime();
    if (ahead <= 0 || ahead > RETIREMENT_NOTICE_DAYS * DAY_MS) continue;
    const key = `${config.model}|${config.shutdown_on}|${config.successor}`;
    if (!seen.has(key)) {
      seen.set(key, {
        model: config.model,
        shutdownOn: config.shutdown_on,
        successor: config.successor,
        text: dashboardText.retiring.line(config.model, monthDayYear(day), config.successor),
      });
    }
  }
  return [...seen.values()];
};
