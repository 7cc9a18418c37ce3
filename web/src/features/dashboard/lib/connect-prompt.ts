import type { Role } from '../../../../../shared/constants';

/**
 * The dashboard's one-time prompt to a member to connect their own mailbox: remembered as
 * dismissed per person and agency in this browser (the server keeps no per-person preferences).
 */
const KEY_PREFIX = 'threadline.connect-mailbox-prompt.dismissed';

const connectPromptKey = (agency: string, email: string): string => `${KEY_PREFIX}:${agency}:${email.trim().toLowerCase()}`;

export const isConnectPromptDismissed = (agency: string, email: string): boolean => {
  try {
    return globalThis.localStorage?.getItem(connectPromptKey(agency, email)) === '1';
  } catch {
    // Storage refused (private mode, blocked): the prompt shows, and its dismissal lasts the page.
    return false;
  }
};

export const dismissConnectPrompt = (agency: string, email: string): void => {
  try {
    globalThis.localStorage?.setItem(connectPromptKey(agency, email), '1');
  } catch {
    // see above
  }
};

/** A member (who joined the agency, unlike its creator) whose own mailbox is not connected, and who has not dismissed the prompt. */
export const shouldPromptToConnect = (input: { role: Role | null | undefined; connected: boolean; dismissed: boolean }): boolean =>
  input.role === 'member' && !input.connected && !input.dismissed;
