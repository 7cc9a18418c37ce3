import { messages } from '../messages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const toTime = (value: Date | string | number): number =>
  value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);

/**
 * "Just now" under a minute, then minutes, hours or days ago. A time in the future reads
 * "Scheduled"; a missing or unreadable time yields the caller's placeholder.
 */
export const formatRelativeTime = (
  value: Date | string | number | null | undefined,
  now: Date = new Date(),
  missing: string = messages.dashboard.monitoring.notYetRun,
): string => {
  if (value === null || value === undefined || value === '') return missing;
  const time = toTime(value);
  if (Number.isNaN(time)) return missing;
  const diff = now.getTime() - time;
  if (diff < 0) return messages.dashboard.monitoring.scheduled;
  if (diff < MINUTE) return messages.time.justNow;
  if (diff < HOUR) return messages.time.minutesAgo(Math.floor(diff / MINUTE));
  if (diff < DAY) return messages.time.hoursAgo(Math.floor(diff / HOUR));
  return messages.time.daysAgo(Math.floor(diff / DAY));
};

/** The next-check suffix: "(in < 1 min)" or "(in ~N min)". */
export const formatNextCheckIn = (seconds: number): string =>
  seconds < 60
    ? messages.dashboard.monitoring.inUnderAMinute
    : messages.dashboard.monitoring.inAboutMinutes(Math.round(seconds / 60));
