import { apiKeyEntity } from '../../lib/store/entities/api-key';
import { connectedMailboxes } from '../../lib/processing/agency-context';
import { MissingApiKey, NoConnectedMailbox } from '../../lib/processing/errors';
import { requireJob, setPhase } from '../../lib/processing/job-store';
import { renewLease } from '../../lib/processing/lock';
import { jobRef } from '../../lib/tasks/inputs';
import { readTaskEvent } from '../../lib/tasks/read-input';
import { taskHandler } from '../../lib/tasks/task-handler';

/**
 * Initialize: fail fast, before any Gmail call, when the job cannot work (no key, no mailbox).
 * A sheets-only job needs neither: `sheets_only` sends it straight to SyncSheets.
 */
export const handler = taskHandler(async (event) => {
  const { agencyName, jobId } = readTaskEvent(event, jobRef);
  const job = await requireJob(agencyName, jobId);
  if (job.status !== 'running') return { skipped: true, sheets_only: false };
  await setPhase(agencyName, jobId, 'initializing');
  await renewLease(agencyName, jobId);
  if (job.kind === 'sheets') return { ok: true, sheets_only: true };
  // Existence only: this task holds no decrypt permission, the key is opened where it is used.
  const { data: key } = await apiKeyEntity.get({ agencyName, service: 'openai' }).go({ attributes: ['agencyName'] });
  if (!key) throw new MissingApiKey();
  if ((await connectedMailboxes(agencyName)).length === 0) throw new NoConnectedMailbox();
  return { ok: true, sheets_only: false };
});
