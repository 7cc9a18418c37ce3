import { describeTaskError } from '../../lib/processing/errors';
import { getJob, setPhase } from '../../lib/processing/job-store';
import { endJob } from '../../lib/processing/jobs';
import { ensureRegistered } from '../../lib/processing/monitor-registry';
import { readTaskInput } from '../../lib/processing/task-input';

/**
 * Finalize (and FinalizeFailed): the job's outcome, its end time and the lock released
 * (conditional on the job id). A cancel that arrived during the last steps wins.
 */
export const handler = async (event: unknown) => {
  const { agencyName, jobId, outcome, error } = readTaskInput(event);
  const job = await getJob(agencyName, jobId);
  if (!job) return { ended: false };
  if (outcome !== 'failed') await setPhase(agencyName, jobId, 'finalizing');
  const final = outcome === 'failed' ? 'failed' : job.cancelRequested ? 'cancelled' : 'succeeded';
  const ended = await endJob(agencyName, jobId, final, final === 'failed' ? describeTaskError(error) : undefined);
  await ensureRegistered(agencyName);
  return { ended, outcome: final };
};
