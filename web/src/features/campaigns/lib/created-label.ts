import { formatShortDate } from '../../../../../shared/format/short-date';
import { messages } from '../../../../../shared/messages';

const text = messages.campaigns;

/** A card's creation line: "Created {date}", or just "Unknown" when the date is missing or unreadable. */
export const createdLabel = (createdAt: string | null | undefined): string => {
  const date = formatShortDate(createdAt);
  return date ? text.created(date) : text.createdUnknown;
};
