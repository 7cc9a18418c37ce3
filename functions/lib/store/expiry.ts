/**
 * Whether an item's `expires_at` has passed. Read on every read, since dynalite never deletes by
 * TTL and DynamoDB's TTL lags up to two days; a missing or unreadable date counts as expired, so
 * a session, OAuth state or invitation without one is never honoured.
 */
export const isExpired = (expiresAt: string | undefined, now = Date.now()): boolean =>
  !expiresAt || !(Date.parse(expiresAt) > now);
