import { describe, expect, it } from 'vitest';
import { deriveStatus } from '../../../../shared/conversation-status';
import { needsFollowUp, needsReply } from './turn-and-follow-up';

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

  it('never flags a talent nobody wrote to, even when a person handed them the turn', () => {
    const sent = Date.UTC(2026, 2, 2, 9);
    const pitch = { at: sent, side: 'talent' as const, autoReply: 'none' as const, fees: [], toOtherSide: true };
    const handed = deriveStatus([pitch], { whoseTurn: 'talent', correctedAt: sent + DAY });
    expect(handed.whoseTurn).toBe('talent');
    expect(needsFollowUp({ ...handed, now: sent + 30 * DAY, followUpAfterDays: 4, writtenTo: false })).toBe(false);
    expect(needsFollowUp({ ...handed, now: sent + 30 * DAY, followUpAfterDays: 4, writtenTo: true })).toBe(true);
  });

  it('asks for a reply to the talent’s pitch, not once they declined', () => {
    const sent = Date.UTC(2026, 2, 2, 9);
    const outreach = { at: sent, side: 'agency' as const, autoReply: 'none' as const, fees: [], toOtherSide: true };
    const no = { at: sent + DAY, side: 'talent' as const, autoReply: 'none' as const, fees: [], toOtherSide: true, intent: 'decline' as const, intentQuote: 'Not for me, thanks' };
    const question = { ...no, intent: 'question' as const, intentQuote: 'What dates?' };
    expect(needsReply(deriveStatus([outreach, question]))).toBe(true);
    expect(needsReply(deriveStatus([outreach, no]))).toBe(false);
  });
});
