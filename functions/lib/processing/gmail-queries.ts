/**
 * Gmail search queries for a set of addresses: `{from:a to:a cc:a from:b ...}` (braces mean
 * OR), chunked so each q stays under ~1,500 characters, plus the date bounds. Bounds are epoch
 * seconds: unambiguous, where Gmail reads YYYY/MM/DD in the account's time zone.
 */
import { parseEmailAddress } from '../../../shared/email-address';
import { parseManagerCell } from '../../../shared/manager';
import { dayStartMs } from '../../../shared/utc-day';

export const MAX_QUERY_CHARS = 1_500;

/**
 * The addresses that may go into a query: each normalised, and only when it is one bare address
 * (shared/email-address.ts). Anything else (a stored field from before validation, "x OR
 * is:anywhere", braces, quotes, spaces) is dropped, never passed through: it could widen the
 * search to mail no tracked contact takes part in.
 */
export const searchableAddresses = (addresses: Iterable<string>): string[] => {
  const out = new Set<string>();
  for (const raw of addresses) {
    const address = typeof raw === 'string' ? parseEmailAddress(raw) : undefined;
    if (address) out.add(address);
  }
  return [...out];
};

/**
 * The address a Manager cell adds to a search: only the one valid address parsed out of it
 * ("Dana <dana@atlas.co>" → dana@atlas.co); a name, a company or a placeholder adds nothing. The
 * raw cell never reaches a query: whatever a name says, only a validated address is searched.
 */
export const managerSearchAddress = (cell: string | null | undefined): string | undefined =>
  parseManagerCell(cell ?? '').address || undefined;

export type QueryBounds = { afterMs?: number; beforeMs?: number };

const boundsText = (bounds: QueryBounds): string =>
  [
    bounds.afterMs !== undefined ? `after:${Math.floor(bounds.afterMs / 1000)}` : '',
    bounds.beforeMs !== undefined ? `before:${Math.floor(bounds.beforeMs / 1000)}` : '',
  ]
    .filter(Boolean)
    .join(' ');

const termsOf = (address: string) => `from:${address} to:${address} cc:${address}`;

export const buildQueries = (addresses: string[], bounds: QueryBounds = {}, maxChars = MAX_QUERY_CHARS): string[] => {
  const suffix = boundsText(bounds);
  const budget = maxChars - suffix.length - 3; // braces and the space before the bounds
  const queries: string[] = [];
  let current: string[] = [];
  let length = 0;
  const flush = () => {
    if (current.length) queries.push(`{${current.join(' ')}}${suffix ? ` ${suffix}` : ''}`);
    current = [];
    length = 0;
  };
  for (const address of searchableAddresses(addresses)) {
    const terms = termsOf(address);
    if (current.length && length + terms.length + 1 > budget) flush();
    current.push(terms);
    length += terms.length + 1;
  }
  flush();
  return queries;
};

const DAY_MS = 24 * 3600 * 1000;

/**
 * The window a job may look at: the interval (end day inclusive, so before = end + 1 day) and
 * processing_limits.oldest_scan_days (0 = unlimited), whichever is narrower.
 */
export const scanBounds = (options: { startDate?: string; endDate?: string; oldestScanDays: number; now?: number }): QueryBounds => {
  const now = options.now ?? Date.now();
  const limit = options.oldestScanDays > 0 ? now - options.oldestScanDays * DAY_MS : undefined;
  const start = options.startDate ? dayStartMs(options.startDate) : undefined;
  const afterMs = start !== undefined && limit !== undefined ? Math.max(start, limit) : (start ?? limit);
  const beforeMs = options.endDate ? dayStartMs(options.endDate) + DAY_MS : undefined;
  return { ...(afterMs !== undefined ? { afterMs } : {}), ...(beforeMs !== undefined ? { beforeMs } : {}) };
};
