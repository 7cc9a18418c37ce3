import { describe, expect, it } from 'vitest';
import { fakeChange, fakeChanges } from '../../../testing/timeline-fakes';
import { changeText, newestFirst, talentsWithNewMail } from './queue-changes';

describe('what changed', () => {
  const feed = fakeChanges([
    fakeChange({ at: '2026-11-20T08:00:00.000Z' }),
    fakeChange({ at: '2026-11-21T08:00:00.000Z', kind: 'status', previous_status: 'replied', status: 'negotiating' }),
    fakeChange({ at: '2026-11-22T08:00:00.000Z', contact_email: 'ben@example.com', talent_name: '', campaign_id: 'glow-q2', conversation_id: 'glow-q2:ben@example.com' }),
    fakeChange({ at: '2026-11-19T08:00:00.000Z', campaign_id: 'glow-q2', conversation_id: 'glow-q2:ana@example.com' }),
  ]);

  it('orders newest first', () => {
    expect(newestFirst(feed.items).map((change) => change.at.slice(0, 10))).toEqual(['2026-11-22', '2026-11-21', '2026-11-20', '2026-11-19']);
  });

  it('says what a change did', () => {
    expect(changeText(fakeChange())).toBe('Reply');
    expect(changeText(fakeChange({ kind: 'status', previous_status: 'negotiating', status: 'confirmed' }))).toBe('Negotiating → Confirmed');
    expect(changeText(fakeChange({ kind: 'status', previous_status: null, status: 'replied' }))).toBe('Now Replied');
  });

  it('names each talent who wrote once, latest reply first, the e-mail when no name is known', () => {
    expect(talentsWithNewMail(feed.items)).toEqual([
      { contact_email: 'ben@example.com', campaign_id: 'glow-q2', talent_name: 'ben@example.com', at: '2026-11-22T08:00:00.000Z' },
      { contact_email: 'ana@example.com', campaign_id: 'glow-q1', talent_name: 'Anaïs Dubois', at: '2026-11-20T08:00:00.000Z' },
    ]);
    expect(talentsWithNewMail([fakeChange({ kind: 'status' })])).toEqual([]);
  });
});
