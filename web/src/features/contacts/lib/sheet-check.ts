import { messages } from '../../../../../shared/messages';

const text = messages.contacts;

/**
 * The access-check error line: a message mentioning "permission" means no permission, one
 * mentioning "not found" means the sheet is gone, any other message is shown as is, and no
 * message at all reads "Failed to access sheet".
 */
export const sheetCheckMessage = (error: unknown): string => {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const lower = message.toLowerCase();
  if (lower.includes('permission')) return text.import.noPermission;
  if (lower.includes('not found')) return text.import.notFound;
  return message || text.sheetAccessFailed;
};
