import { describe, expect, it } from 'vitest';
import { automaticSummary } from './analyse-fresh';

describe('what staff read for mail no person wrote', () => {
  it('says an address bounced, whose and why, from the delivery report', () => {
    expect(automaticSummary({ autoReply: 'bounce', bounce: { status: '5.1.1', reason: 'unknown user', recipient: 'maya@old-domain.com' } })).toBe(
      'Address bounced: maya@old-domain.com (5.1.1 unknown user)',
    );
    expect(automaticSummary({ autoReply: 'bounce', bounce: { status: '5.2.2', reason: 'mailbox full' } })).toBe('Address bounced (5.2.2 mailbox full)');
    expect(automaticSummary({ autoReply: 'bounce' })).toBe('Address bounced');
  });

  it('names an automatic reply as such', () => {
    expect(automaticSummary({ autoReply: 'auto_reply' })).toBe('Automatic reply');
  });
});
