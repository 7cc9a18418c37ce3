import type { PushStatusJson } from '../../../shared/schemas/mailboxes';
import type { MailboxItem } from '../store/entities/mailbox';
import { pushTopic } from './config';

/**
 * A mailbox's push health: watched (until when, the last notification), or read by the 2-minute
 * check alone and why (no topic configured, users.watch failed, the watch ran out or never began).
 */
export const pushStatusOf = (item: Pick<MailboxItem, 'watchExpiresAt' | 'watchError' | 'lastPushAt'>, now = Date.now()): PushStatusJson => {
  const lastNotificationAt = item.lastPushAt ?? null;
  if (!pushTopic()) return { state: 'polling', watching_until: null, last_notification_at: lastNotificationAt, fallback_reason: 'not_configured', detail: null };
  if (item.watchError) return { state: 'polling', watching_until: null, last_notification_at: lastNotificationAt, fallback_reason: 'watch_failed', detail: item.watchError };
  if (!item.watchExpiresAt) return { state: 'polling', watching_until: null, last_notification_at: lastNotificationAt, fallback_reason: 'not_watched', detail: null };
  if (Date.parse(item.watchExpiresAt) <= now) {
    return { state: 'polling', watching_until: item.watchExpiresAt, last_notification_at: lastNotificationAt, fallback_reason: 'watch_expired', detail: null };
  }
  return { state: 'watching', watching_until: item.watchExpiresAt, last_notification_at: lastNotificationAt, fallback_reason: null, detail: null };
};
