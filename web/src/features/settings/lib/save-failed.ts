import { messages } from '../../../../../shared/messages';
import { notify } from '../../../components/ui/notifications';
import { errorMessage } from '../../../lib/api-client';

/** "Save Failed" with the server's reason, else "Failed to save {section} settings". */
export const notifySaveFailed = (error: unknown, sectionName: string): void => {
  notify({ type: 'error', title: messages.settings.saveFailedTitle, message: errorMessage(error, messages.settings.saveFailed(sectionName)) });
};
