import { monthDay, monthDayYear, parseIsoDate } from './months';

const DATE_RANGE = /Date range (\d{4}-\d{2}-\d{2}) \d{2}:\d{2} to (\d{4}-\d{2}-\d{2}) \d{2}:\d{2}/;

/**
 * The status bar shows "Date range YYYY-MM-DD HH:MM to YYYY-MM-DD HH:MM" as "Mon D - Mon D".
 * The year appears only when it is not the current year; when the two ends differ in year,
 * both ends carry theirs. Any other label is returned unchanged.
 */
export const formatStatusDateRange = (label: string, now: Date = new Date()): string => {
  const match = DATE_RANGE.exec(label);
  if (!match) return label;
  const start = parseIsoDate(match[1] ?? '');
  const end = parseIsoDate(match[2] ?? '');
  if (!start || !end) return label;
  let range: string;
  if (start.year !== end.year) {
    range = `${monthDayYear(start)} - ${monthDayYear(end)}`;
  } else if (start.year !== now.getFullYear()) {
    range = `${monthDay(start)} - ${monthDayYear(end)}`;
  } else {
    range = `${monthDay(start)} - ${monthDay(end)}`;
  }
  return label.replace(match[0], range);
};
