import { dispatchAsync } from '../async/dispatch';
import { logger, errorMessage } from '../logger';
import { notify, releaseClaim, type NotifyOutcome } from './coalesce';
import { connectedAgenciesOf } from './mailboxes';

export type GmailNotification = { emailAddress: string; historyId: string };

export type Received = { agencies: number; started: number; outcomes: NotifyOutcome[] };

/**
 * A verified Gmail notification: for every agency the mailbox is connected to, a check starts at
 * once (or joins the one already claimed). A mailbox no agency has connected (disconnected while
 * its watch runs out, or never ours) starts nothing and is acknowledged all the same: refused,
 * Pub/Sub would redeliver it for days. A check that could not be handed over frees its claim for
 * the next notification; the 2-minute check is the safety net, so an acknowledged delivery is never lost.
 */
export const receiveGmailNotification = async (notification: GmailNotification, now = Date.now()): Promise<Received> => {
  const email = notification.emailAddress.trim().toLowerCase();
  const historyId = Number(notification.historyId);
  const items = await connectedAgenciesOf(email);
  if (items.length === 0) {
    logger.info('push: notification for a mailbox no agency has connected; acknowledged and dropped', { mailbox: email, historyId: notification.historyId });
    return { agencies: 0, started: 0, outcomes: [] };
  }
  const outcomes: NotifyOutcome[] = [];
  let started = 0;
  for (const item of items) {
    const key = { agencyName: item.agencyName, email };
    const outcome = await notify(key, item.historyId, historyId, now);
    outcomes.push(outcome);
    if (outcome !== 'claimed') continue;
    try {
      await dispatchAsync('PushCheck', { agencyName: item.agencyName, mailbox: email });
      started += 1;
    } catch (error) {
      logger.error('push: the check could not be started', { agency: item.agencyName, error: errorMessage(error) });
      await releaseClaim(key).catch(() => undefined);
    }
  }
  return { agencies: items.length, started, outcomes };
};
