import { describe, expect, it } from 'vitest';
import { messages } from './messages';

describe('message catalogue', () => {
  it('fills {product} with Threadline', () => {
    expect(messages.signIn.title).toBe('Threadline');
    expect(messages.dashboard.welcomeTitle).toBe('Welcome to Threadline');
    expect(messages.agencySetup.namePlaceholder).toBe('ex: threadline-agency');
  });

  it('builds the parameterised texts exactly as the spec words them', () => {
    expect(messages.agencies.yourAgencies(2)).toBe('Your Agencies (2)');
    expect(messages.agencySetup.createdPartial(1, 3)).toBe('Agency created successfully. 1 of 3 invitations sent.');
    expect(messages.agencySetup.createdAllInvited(2)).toBe('Your agency is ready! Invitations sent to 2 member(s).');
    expect(messages.campaigns.createdMessage('Spring')).toBe('Campaign "Spring" has been created successfully');
    expect(messages.campaigns.deletionStarted('Spring')).toBe('Campaign "Spring" is being deleted. This may take 5-10 seconds.');
    expect(messages.contacts.trackingUpdated(false, 'Ann')).toBe('Tracking disabled for Ann');
    expect(messages.processing.alreadyRunning('Process Range', undefined, 12)).toBe(
      'Cannot start Process Range: Processing is already running. Please wait for it to complete (12s elapsed).',
    );
    expect(messages.members.expiresInDays(3)).toBe('Expires in 3 days');
    expect(messages.dashboard.contactOption('a@x.com', 'Ann')).toBe('Ann (a@x.com)');
    expect(messages.dashboard.contactOption('a@x.com')).toBe('a@x.com');
  });
});
