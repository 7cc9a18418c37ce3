import { renewWatches } from '../../lib/push/watch';

/**
 * The daily schedule's target: users.watch again before the 7-day expiry (nothing without a
 * topic). `force` renews every connected mailbox (the local runtime at start-up).
 */
export const handler = async (event: { force?: unknown } = {}) => renewWatches(Date.now(), { force: event?.force === true });
