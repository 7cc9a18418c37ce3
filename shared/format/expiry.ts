import { differenceInCalendarDays } from 'date-fns';
import { messages } from '../messages';

/** An invite is expired when expires_at is before now; a missing or unreadable date is not. */
export const isExpired = (expiresAt: string | null | undefined, now: Date = new Date()): boolean => {
  if (!expiresAt) return false;
  const time = Date.parse(expiresAt);
  return !Number.isNaN(time) && time < now.getTime();
};

/**
 * "Expires today", "Expires tomorrow" or "Expires in N days", counted in calendar days so an
 * invite expiring tonight never reads "in 0 days". Expired invites read "Expired".
 */
export const formatExpiry = (expiresAt: string | null | undefined, now: Date = new Date()): string => {
  if (!expiresAt) return '';
  const time = Date.parse(expiresAt);
  if (Number.isNaN(time)) return '';
  if (time < now.getTime()) return messages.members.expired;
  const days = differenceInCalendarDays(new Date(time), now);
  if (days <= 0) return messages.members.expiresToday;
  if (days === 1) return messages.members.expiresTomorrow;
  return messages.members.expiresInDays(days);
};
