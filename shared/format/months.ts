export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export type DateParts = { year: number; month: number; day: number };

/**
 * Reads the calendar date of a "YYYY-MM-DD" string without going through Date, so the label
 * never shifts by a day in time zones west of UTC.
 */
export const parseIsoDate = (value: string): DateParts | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return { year, month, day };
};

export const monthDay = ({ month, day }: DateParts): string => `${MONTHS[month - 1]} ${day}`;
