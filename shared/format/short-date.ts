import { format, isValid } from 'date-fns';

/** "Mon D, YYYY" in local time, for Joined/Created/Expires dates; '' when unreadable. */
export const formatShortDate = (value: string | number | Date | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? format(date, 'MMM d, yyyy') : '';
};
