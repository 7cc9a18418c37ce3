import { logger } from '../../lib/logger';
import { endJob } from '../../lib/processing/jobs';

type StatusChange = { source?: string; detail?: { executionArn?: string; status?: string; input?: string; cause?: string; error?: string } };

/**
 * The EventBridge target for executions that ended ABORTED, FAILED or TIMED_OUT (the local
 * runtime sends the same event). Idempotent: the job ends once, and the lock is deleted only
 * while it still belongs to that job.
 */
export const handler = async (event: StatusChange) => {
  const detail = event?.detail ?? {};
  let input: { agencyName?: string; jobId?: string } = {};
  try {
    input = JSON.parse(detail.input ?? '{}') as typeof input;
  } catch {
    // not one of ours
  }
  if (typeof input.agencyName !== 'string' || typeof input.jobId !== 'string') {
    logger.warn('release-lock: event without a job', { executionArn: detail.executionArn });
    return { released: false };
  }
  const outcome = detail.status === 'ABORTED' ? 'cancelled' : 'failed';
  const reason = outcome === 'failed' ? (detail.status === 'TIMED_OUT' ? 'The processing job timed out' : detail.cause || 'The processing job failed') : undefined;
  const ended = await endJob(input.agencyName, input.jobId, outcome, reason);
  return { released: true, ended };
};
