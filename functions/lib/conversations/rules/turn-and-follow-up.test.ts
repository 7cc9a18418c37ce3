import { describe, expect, it } from 'vitest';
import { deriveStatus } from '../../../../shared/conversation-status';
import { needsFollowUp } from './turn-and-follow-up';

const DAY = 86_400_000;

describe('needsFollowUp from a derived turn', () => {
  it('flags outreach left unanswered past the follow-up delay, not one that was answered', () => {
    const sent = Date.UTC(2026, 2, 2, 9);
    const outreach = { at: sent, side: 'agency' as const, autoReply: 'none' as const, fees: [], toOtherSide: true };
    const outOfOffice = { at: sent + DAY, side: 'talent' as const, autoReply: 'auto_reply' as const, fees: [], toOtherSide: true };
    const reply = { ...outOfOffice, at: sent + 2 * DAY, autoReply: 'none' as const };
    const now = sent + 5 * DAY;

    const waiting = deriveStatus([outreach, outOfOffice]);
    expect(needsFollowUp({ ...waiting, now, followUpAfterDays: 4 })).toBe(true);
    expect(needsFollowUp({ ...waiting, now, followUpAfterDays: 7 })).toBe(false);

    const answered = deriveStatus([outreach, reply]);
    expect(needsFollowUp({ ...answered, now, followUpAfterDays: 4 })).toBe(false);
  });
});
