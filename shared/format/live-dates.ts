import { monthDay, monthDayYear, parseIsoDate } from './months';

/**
 * Campaign live dates "YYYY-MM-DD to YYYY-MM-DD" read "Mon D - Mon D, YYYY"; when the years
 * differ both ends carry their year. Unparseable text is shown as stored.
 */
export const formatLiveDates = (value: string | null | undefined): string => {
  if (!value) return '';
  const [rawStart, rawEnd, ...rest] = value.split(' to ');
  const start = parseIsoDate(rawStart ?? '');
  const end = parseIsoDate(rawEnd ?? '');
  if (!start || !end || rest.length > 0) return value;
  if (start.year !== end.year) return `${monthDayYear(start)} - ${monthDayYear(end)}`;
  return `${monthDay(start)} - ${monthDayYear(end)}`;
};

/** The stored form: empty unless both ends are chosen. */
export const toLiveDates = (range: { start: string; end: string }): string =>
  range.start && range.end ? `${range.start} to ${range.end}` : '';
