import { messages } from '../../../../../shared/messages';
import type { SettingsPart } from '../api/settings-types';
import { settingsText } from '../messages';

export type LoadFailure = { part: SettingsPart; error: unknown };

const messageOf = (error: unknown): string | null => (error instanceof Error && error.message ? error.message : null);

/**
 * One banner for every part that failed: "Failed to load settings" then a line per part with
 * its message; when no failure says anything, "Failed to load settings. Please try again.".
 */
export const settingsLoadError = (failures: readonly LoadFailure[]): string | null => {
  if (failures.length === 0) return null;
  const lines = failures.flatMap(({ part, error }) => {
    const message = messageOf(error);
    return message ? [`${settingsText.loadPartNames[part]}: ${message}`] : [];
  });
  if (lines.length === 0) return messages.settings.loadFailed;
  return [messages.settings.loadFailedAggregate, ...lines].join('\n');
};
