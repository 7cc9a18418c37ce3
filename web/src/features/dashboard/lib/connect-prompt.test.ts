// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { dismissConnectPrompt, isConnectPromptDismissed, shouldPromptToConnect } from './connect-prompt';

afterEach(() => localStorage.clear());

describe('connect-mailbox prompt', () => {
  it('is for a member whose own mailbox is not connected, until dismissed', () => {
    expect(shouldPromptToConnect({ role: 'member', connected: false, dismissed: false })).toBe(true);
    expect(shouldPromptToConnect({ role: 'member', connected: true, dismissed: false })).toBe(false);
    expect(shouldPromptToConnect({ role: 'member', connected: false, dismissed: true })).toBe(false);
    expect(shouldPromptToConnect({ role: 'owner', connected: false, dismissed: false })).toBe(false);
    expect(shouldPromptToConnect({ role: undefined, connected: false, dismissed: false })).toBe(false);
  });

  it('remembers a dismissal per person and agency', () => {
    dismissConnectPrompt('acme', 'Priya@Acme.test');
    expect(isConnectPromptDismissed('acme', 'priya@acme.test')).toBe(true);
    expect(isConnectPromptDismissed('acme', 'daniel@acme.test')).toBe(false);
    expect(isConnectPromptDismissed('globex', 'priya@acme.test')).toBe(false);
  });
});
