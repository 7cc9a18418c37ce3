import { isConditionalFailure } from '../store/conditional-write';
import { logger } from '../logger';
import { checkAgency, type AgencyCheck } from '../processing/monitor';
import { isAgencyProcessing } from '../processing/status';
import { mailboxEntity } from '../store/entities/mailbox';
import { beginCheck, deferUntilJobEnds, endCheck } from './coalesce';

export type PushCheckInput = { agencyName: string; mailbox: string };

/** A notification that keeps arriving cannot keep one invocation checking forever. */
const MAX_ROUNDS = 5;

/**
 * The PushCheck task: the monitor's check of one agency's mailbox, now (history.list from the
 * stored historyId, the consent gate, a job under the agency's single-flight lock). While a
 * job holds the agency the check is deferred: the job's end resumes it (resumePushChecks).
 */
export const runPushCheck = async ({ agencyName, mailbox }: PushCheckInput): Promise<{ rounds: number; checks: AgencyCheck[] }> => {
  const key = { agencyName, email: mailbox };
  const checks: AgencyCheck[] = [];
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    try {
      await beginCheck(key);
    } catch (error) {
      // The mailbox item is gone (the agency was deleted): nothing to read.
      if (isConditionalFailure(error)) return { rounds: round, checks };
      throw error;
    }
    const check = await checkAgency(agencyName, new Date(), undefined, { mailboxes: [mailbox] });
    checks.push(check);
    if (check.result === 'busy') {
      await deferUntilJobEnds(key);
      // The job may have ended before the mark was written, its end then finding nothing to resume.
      if (await isAgencyProcessing(agencyName)) return { rounds: round, checks };
      continue;
    }
    if (await endCheck(key)) return { rounds: round, checks };
  }
  logger.warn('push check: notifications kept coming; the next one or the 2-minute check goes on', { agency: agencyName, mailbox });
  return { rounds: MAX_ROUNDS, checks };
};

/**
 * A processing execution ended (the Step Functions status-change event, any outcome): the
 * notifications that came during it are checked now. Its lock may still be on its way out (an
 * abnormal end is released by its own event), so a busy agency is asked again briefly before the
 * check is left to the next notification or the 2-minute check.
 */
export const resumePushChecks = async (agencyName: string, options: { busyRetries?: number; busyWaitMs?: number } = {}): Promise<number> => {
  const { data } = await mailboxEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['email', 'connected', 'pushPending'] });
  const pending = data.filter((item) => item.connected === true && item.pushPending === true);
  for (const item of pending) {
    for (let attempt = 0; ; attempt += 1) {
      const { checks } = await runPushCheck({ agencyName, mailbox: item.email });
      if (checks.at(-1)?.result !== 'busy' || attempt >= (options.busyRetries ?? 5)) break;
      await new Promise((resolve) => setTimeout(resolve, options.busyWaitMs ?? 1_000));
    }
  }
  return pending.length;
};
