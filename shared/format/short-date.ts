import { MONTHS } from './months';

/** "Mon D, YYYY" in local time, for Joined/Created/Expires dates; '' when unreadable. */
export const formatShortDate = (value: string | number | Date | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
};
