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

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// A day as typed: "2026-01-01" (or with slashes or dots, year first), or as this picker shows one, "Jan 01, 2026".
const TYPED_DAY = /(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})|\b([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})/g;

const dayOf = (match: RegExpMatchArray): string | undefined => {
  const [, year, month, day, monthName, nameDay, nameYear] = match;
  const parts = year ? [year, month, day] : [nameYear, String(MONTHS.indexOf((monthName ?? '').toLowerCase()) + 1), nameDay];
  const date = parseDay(parts.join('-'));
  return date ? formatDay(date) : undefined;
};

export type TypedRange = { range: DateRangeValue } | { problem: 'unreadable' | 'future' };

/**
 * A range typed or pasted: two days in any order with anything between them ("2026-01-01 –
 * 2026-03-31", "2026-01-01 to 2026-03-31", or the picker's own "Jan 01, 2026 - Mar 31, 2026"); one
 * day alone is that day. `today` (yyyy-MM-dd) bounds it when the future is not allowed.
 */
export const parseTypedRange = (text: string, today?: string): TypedRange => {
  const days = [...text.matchAll(TYPED_DAY)].map(dayOf);
  if (days.length === 0 || days.length > 2 || days.some((day) => !day)) return { problem: 'unreadable' };
  const [first, second = first] = days as [string, string?];
  const [start, end] = first <= second! ? [first, second!] : [second!, first];
  if (today && end > today) return { problem: 'future' };
  return { range: { start, end } };
};

/** The picker's value as one can type it back: "2026-01-01 – 2026-03-31". */
export const typedRangeText = ({ start, end }: DateRangeValue): string => (start && end ? `${start} – ${end}` : start);

export const RANGE_PRESETS = ['last7', 'last30', 'last90', 'thisQuarter', 'last12Months'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/**
 * A preset range ending today: the last 7, 30 or 90 days (today included), this quarter so far,
 * or the last 12 months from the first of the month a year ago (a year of mail in one click).
 */
export const presetRange = (preset: RangePreset, today: Date): DateRangeValue => {
  const end = formatDay(today);
  const shifted = (days: number) => formatDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days));
  switch (preset) {
    case 'last7':
      return { start: shifted(6), end };
    case 'last30':
      return { start: shifted(29), end };
    case 'last90':
      return { start: shifted(89), end };
    case 'thisQuarter':
      return { start: formatDay(new Date(today.getFullYear(), today.getMonth() - (today.getMonth() % 3), 1)), end };
    case 'last12Months':
      return { start: formatDay(new Date(today.getFullYear() - 1, today.getMonth(), 1)), end };
  }
};
