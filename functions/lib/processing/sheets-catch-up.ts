import { Conflict } from '../http/errors';
import { logger, errorMessage } from '../logger';
import { lastJobEntity } from '../store/entities/active-job';
import { sheetSyncStateEntity } from '../store/entities/sheet-sync-state';
import { getJob } from './job-store';
import { startJob } from './jobs';
import { markSheetsChecked } from './monitor-registry';

/** After a catch-up whose sheets could not be written (a tracker deleted, access lost), the monitor waits this long before the next. */
export const CATCH_UP_BACKOFF_MS = 30 * 60_000;

/** Whether any campaign's trackers are behind what the record says (written < wanted): one Query. */
export const sheetsBehind = async (agencyName: string): Promise<boolean> => {
  const { data } = await sheetSyncStateEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['wanted', 'written'] });
  return data.some((state) => (state.wanted ?? 0) > (state.written ?? 0));
};

/**
 * The monitor's catch-up: an agency whose check found no new mail but whose sheets are behind (a
 * failed or interrupted sync, contacts added since) gets a sheets-only job for the behind
 * campaigns. The monitor calls it only when the registry's sheets versions say a tracker was
 * marked behind since a look last found none (`wantVersion`, recorded when none is). Never throws: a busy agency is caught up by its running job or by a later check.
 */
export const catchUpBehindSheets = async (agencyName: string, now = Date.now(), wantVersion?: number): Promise<string | undefined> => {
  try {
    if (!(await sheetsBehind(agencyName))) {
      // Nothing behind at this version: later checks skip the look until a tracker is marked behind again.
      if (wantVersion !== undefined) await markSheetsChecked(agencyName, wantVersion);
      return undefined;
    }
    if (await lastCatchUpFailedRecently(agencyName, now)) return undefined;
    return (await startJob(agencyName, { kind: 'sheets' })).jobId;
  } catch (error) {
    if (!(error instanceof Conflict)) logger.warn('monitor: behind sheets not caught up', { agency: agencyName, error: errorMessage(error) });
    return undefined;
  }
};

/**
 * After a monitor check (a tick or a share of one): each agency checked without new mail whose
 * registry says a tracker may be behind gets its catch-up. The started jobs' ids.
 */
export const catchUpAfterChecks = async (checks: readonly { agencyName: string; result: string; sheetsWantVersion?: number }[]): Promise<string[]> => {
  const jobIds: string[] = [];
  for (const check of checks) {
    if (check.result !== 'nothing-new' && check.result !== 'skipped') continue;
    if (check.sheetsWantVersion === undefined) continue;
    const jobId = await catchUpBehindSheets(check.agencyName, Date.now(), check.sheetsWantVersion);
    if (jobId) jobIds.push(jobId);
  }
  return jobIds;
};

/** The agency's last job was a sheets-only job that could not write the sheets, a short while ago: retrying every check would only fail again. */
const lastCatchUpFailedRecently = async (agencyName: string, now: number): Promise<boolean> => {
  const { data: last } = await lastJobEntity.get({ agencyName }).go();
  if (!last || now - Date.parse(last.endedAt) > CATCH_UP_BACKOFF_MS) return false;
  const job = await getJob(agencyName, last.jobId);
  return job?.kind === 'sheets' && (job.warnings ?? []).length > 0;
};
