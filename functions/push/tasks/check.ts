import { logger } from '../../lib/logger';
import { resumePushChecks, runPushCheck } from '../../lib/push/run';

type CheckEvent = { agencyName?: unknown; mailbox?: unknown };
type StatusChange = { source?: string; detail?: { input?: string } };

const jobAgency = (event: StatusChange): string | undefined => {
  try {
    const input = JSON.parse(event.detail?.input ?? '{}') as { agencyName?: unknown };
    return typeof input.agencyName === 'string' ? input.agencyName : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Two callers: the push route (asynchronous invoke, `{agencyName, mailbox}`): check that mailbox
 * now; and the rule on every processing execution's end (a Step Functions status-change event):
 * check what was notified while the job ran.
 */
export const handler = async (event: CheckEvent & StatusChange) => {
  if (event?.source === 'aws.states') {
    const agencyName = jobAgency(event);
    if (!agencyName) {
      logger.warn('push check: execution event without an agency');
      return { resumed: 0 };
    }
    return { resumed: await resumePushChecks(agencyName) };
  }
  if (typeof event?.agencyName !== 'string' || typeof event.mailbox !== 'string') return { rounds: 0, checks: [] };
  return runPushCheck({ agencyName: event.agencyName, mailbox: event.mailbox });
};
