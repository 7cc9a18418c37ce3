import { format } from 'date-fns';
import { DATE_DISPLAY_FORMAT, DATE_INPUT_FORMAT } from '../../../../shared/constants';

/** Both ends are yyyy-MM-dd strings or empty strings. */
export type DateRangeValue = { start: string; end: string };

export const EMPTY_DATE_RANGE: DateRangeValue = { start: '', end: '' };

/**
 * A DATE_INPUT_FORMAT (yyyy-MM-dd) day as local midnight, read as date-fns' `parse` reads that
 * format (1-4 year digits, 1-2 month and day digits, trailing spaces) without loading its parser
 * for every token of every format (~4 KB brotli on the pages that show a picker); an impossible
 * day (Feb 30) is none.
 */
export const parseDay = (value: string): Date | undefined => {
  const match = /^(\d{1,4})-(\d{1,2})-(\d{1,2})\s*$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(2000, 0, 1);
  // setFullYear, not the constructor, which would read years 0-99 as 1900-1999.
  date.setFullYear(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
};

export const formatDay = (date: Date): string => format(date, DATE_INPUT_FORMAT);

/**
 * The range after clicking a day: the first click (or a click after a complete range) starts a
 * new range with the end left empty; the second completes it, swapping the ends if needed.
 */
export const nextRange = (current: DateRangeValue, day: string): DateRangeValue => {
  if (!current.start || current.end) return { start: day, end: '' };
  return day < current.start ? { start: day, end: current.start } : { start: current.start, end: day };
};

export const rangeLabel = ({ start, end }: DateRangeValue): string => {
  const from = parseDay(start);
  if (!from) return '';
  const to = parseDay(end);
  return to ? `${format(from, DATE_DISPLAY_FORMAT)} - ${format(to, DATE_DISPLAY_FORMAT)}` : format(from, DATE_DISPLAY_FORMAT);
};
