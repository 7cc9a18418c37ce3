import { messages } from '../../../shared/messages';
import { describeTaskError } from '../../lib/processing/errors';
import { addJobWarning, getJob, setPhase } from '../../lib/processing/job-store';
import { endJob } from '../../lib/processing/jobs';
import { ensureRegistered } from '../../lib/processing/monitor-registry';
import { countMetric } from '../../lib/observability/metrics';
import { jobTaskInput } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { taskHandler } from '../../lib/tasks/task-handler';

/**
 * Finalize (and FinalizeFailed, FinalizeSheetsFailed): the job's outcome, its end time and the
 * lock released (conditional on the job id). A cancel that arrived during the last steps wins.
 * A sheet sync that failed after its retries ends the job as it went otherwise, with a warning.
 */
export const handler = taskHandler(async (event) => {
  const { agencyName, jobId, outcome, error, sheetsError } = readTaskEvent(event, jobTaskInput);
  const job = await getJob(agencyName, jobId);
  if (!job) return { ended: false };
  if (sheetsError !== undefined && job.status === 'running') {
    await addJobWarning(agencyName, jobId, messages.processing.sheetsNotUpdated(describeTaskError(sheetsError, 'sheets')));
  }
  if (outcome !== 'failed') await setPhase(agencyName, jobId, 'finalizing');
  const final = outcome === 'failed' ? 'failed' : job.cancelRequested ? 'cancelled' : 'succeeded';
  const ended = await endJob(agencyName, jobId, final, final === 'failed' ? describeTaskError(error) : undefined);
  if (ended && final === 'failed') countMetric('JobsFailed');
  await ensureRegistered(agencyName);
  return { ended, outcome: final };
});
