/** Per-user, per-minute quota units (Gmail's model), as a 60-second sliding window. */
import { GoogleError } from './errors';

export type QuotaConfig = { unitsPerMinute: number; costs: Record<string, number> };

export type QuotaTracker = {
  config: QuotaConfig;
  /** units for an operation (undefined when the operation is not metered) */
  cost(operation: string): number | undefined;
  /** charges the user or throws 429 (userRateLimitExceeded) with Retry-After */
  charge(user: string, operation: string): number | undefined;
  /** units used by the user in the current window */
  used(user: string): number;
  reset(): void;
};

const WINDOW_MS = 60_000;

type Window = { entries: Array<{ at: number; units: number }>; head: number; total: number };

export const createQuotaTracker = (config: QuotaConfig, clock: () => number): QuotaTracker => {
  const windows = new Map<string, Window>();
  /** drops expired entries from the front (entries are appended in clock order) */
  const prune = (user: string, now: number): Window => {
    let w = windows.get(user);
    if (!w) windows.set(user, (w = { entries: [], head: 0, total: 0 }));
    while (w.head < w.entries.length && now - w.entries[w.head]!.at >= WINDOW_MS) {
      w.total -= w.entries[w.head]!.units;
      w.head++;
    }
    if (w.head > 1024 && w.head * 2 > w.entries.length) {
      w.entries = w.entries.slice(w.head);
      w.head = 0;
    }
    return w;
  };
  const tracker: QuotaTracker = {
    config,
    cost: (operation) => config.costs[operation],
    used: (user) => prune(user, clock()).total,
    reset: () => windows.clear(),
    charge(user, operation) {
      const units = config.costs[operation];
      if (units === undefined) return undefined;
      const now = clock();
      const w = prune(user, now);
      if (w.total + units > config.unitsPerMinute) {
        // earliest moment enough units leave the window
        let freeAt = now + WINDOW_MS;
        let total = w.total;
        for (let i = w.head; i < w.entries.length; i++) {
          const e = w.entries[i]!;
          total -= e.units;
          if (total + units <= config.unitsPerMinute) {
            freeAt = e.at + WINDOW_MS;
            break;
          }
        }
        const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
        throw new GoogleError(429, {
          message: `User-rate limit exceeded.  Retry after ${new Date(now + retryAfter * 1000).toISOString()}`,
          reason: 'userRateLimitExceeded',
          domain: 'usageLimits',
          headers: { 'retry-after': String(retryAfter) },
        });
      }
      w.entries.push({ at: now, units });
      w.total += units;
      return units;
    },
  };
  return tracker;
};
