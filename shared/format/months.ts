import { format, isValid, parse } from 'date-fns';

export type DateParts = { year: number; month: number; day: number };

/**
 * Reads the calendar date of a "YYYY-MM-DD" string as a local date (never through UTC, so the
 * label never shifts by a day in time zones west of UTC); impossible dates (Feb 30) are refused.
 */
export const parseIsoDate = (value: string): DateParts | undefined => {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = parse(text, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) ? { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() } : undefined;
};

/** "Mar 5" */
export const monthDay = ({ year, month, day }: DateParts): string => format(new Date(year, month - 1, day), 'MMM d');

/** "Mar 5, 2026" */
export const monthDayYear = (parts: DateParts): string => `${monthDay(parts)}, ${parts.year}`;

/** "Mar 5, 2026" for a "YYYY-MM-DD" day; the text as given when it is not one. */
export const formatIsoDay = (value: string): string => {
  const parts = parseIsoDate(value);
  return parts ? monthDayYear(parts) : value;
};
