// The v1 module only: the package index also builds a global AuthPlus.
import { gmail_v1 } from '@googleapis/gmail/build/v1';
import { callGoogle, clientOptions, type GoogleContext } from '../google/call';
import { googleContextFor } from '../identity/google-grants';
import { isConditionalFailure } from '../store/conditional-write';
import { logger, errorMessage } from '../logger';
import { monitorRegistryEntity } from '../store/entities/monitor-registry';
import { mailboxEntity } from '../store/entities/mailbox';
import { nowIso } from '../store/keys';
import { pushTopic } from './config';
import { connectedAgenciesOf } from './mailboxes';

/** Gmail publishes new mail in these labels; drafts, spam and label changes elsewhere stay quiet. */
export const WATCHED_LABELS = ['INBOX', 'SENT'];
/** Google asks for users.watch at least every 7 days and recommends daily; renew what ends sooner than this. */
export const RENEW_BEFORE_MS = 2 * 24 * 3600_000;

const gmailApi = (ctx: GoogleContext) => new gmail_v1.Gmail(clientOptions(ctx, 'gmail'));

const record = async (email: string, fields: { watchExpiresAt?: string; watchError?: string }): Promise<void> => {
  for (const item of await connectedAgenciesOf(email)) {
    try {
      const update = mailboxEntity.patch({ agencyName: item.agencyName, email: item.email });
      const set = { ...fields, updatedAt: nowIso() };
      await (fields.watchError ? update.set(set) : update.set(set).remove(['watchError'])).where((attr, op) => op.eq(attr.connected, true)).go({ response: 'none' });
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }
};

/**
 * users.watch on INBOX and SENT into the configured topic, as the mailbox's owner. Without a topic
 * nothing happens (polling only). A failure is recorded on the mailbox's health, never thrown:
 * the 2-minute check reads the mailbox either way.
 */
export const watchMailbox = async (email: string): Promise<{ expiresAt: string } | undefined> => {
  const topicName = pushTopic();
  if (!topicName) return undefined;
  try {
    const ctx = await googleContextFor(email);
    const data = await callGoogle(ctx, { api: 'gmail', operation: 'users.watch' }, async () =>
      (await gmailApi(ctx).users.watch({ userId: 'me', requestBody: { topicName, labelIds: WATCHED_LABELS, labelFilterBehavior: 'include' } })).data,
    );
    const expiresAt = new Date(Number(data.expiration)).toISOString();
    await record(email, { watchExpiresAt: expiresAt });
    return { expiresAt };
  } catch (error) {
    logger.warn('push: users.watch failed; the mailbox is read by the 2-minute check', { mailbox: email, error: errorMessage(error) });
    await record(email, { watchError: errorMessage(error).slice(0, 300) }).catch(() => undefined);
    return undefined;
  }
};

/** users.stop once no agency reads the mailbox any more. Best effort: an unrenewed watch ends within 7 days anyway. */
export const stopWatchIfUnused = async (email: string): Promise<boolean> => {
  if (!pushTopic()) return false;
  if ((await connectedAgenciesOf(email)).length > 0) return false;
  try {
    const ctx = await googleContextFor(email);
    await callGoogle(ctx, { api: 'gmail', operation: 'users.stop' }, async () => (await gmailApi(ctx).users.stop({ userId: 'me' })).data);
    return true;
  } catch (error) {
    logger.info('push: users.stop failed (the watch runs out by itself)', { mailbox: email, error: errorMessage(error) });
    return false;
  }
};

/**
 * The daily renewal: every connected mailbox of every registered agency whose watch ends within
 * RENEW_BEFORE_MS (or never started, or failed; every one with `force`) is watched again. One
 * watch per Gmail mailbox.
 */
export const renewWatches = async (now = Date.now(), options: { force?: boolean } = {}): Promise<{ mailboxes: number; renewed: number; failed: number }> => {
  if (!pushTopic()) return { mailboxes: 0, renewed: 0, failed: 0 };
  const { data: agencies } = await monitorRegistryEntity.query.byDueCheck({}).go({ pages: 'all', attributes: ['agencyName'] });
  const due = new Set<string>();
  const seen = new Set<string>();
  for (const { agencyName } of agencies) {
    const { data } = await mailboxEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['email', 'connected', 'watchExpiresAt', 'health'] });
    for (const item of data) {
      // A revoked grant cannot watch (Gmail stops notifying with it); its owner's next sign-in reconnects.
      if (item.connected !== true || item.health === 'revoked') continue;
      seen.add(item.email);
      if (options.force || !item.watchExpiresAt || Date.parse(item.watchExpiresAt) - now < RENEW_BEFORE_MS) due.add(item.email);
    }
  }
  let renewed = 0;
  for (const email of due) if (await watchMailbox(email)) renewed += 1;
  return { mailboxes: seen.size, renewed, failed: due.size - renewed };
};
