import { describe, expect, it } from 'vitest';
import { fakeConversation } from '../../../testing/timeline-fakes';
import { orderTalentConversations, selectedConversation } from './timeline-selection';
import { talentTimelinePath } from '../../../lib/talent-path';

const old = fakeConversation({ campaign_id: 'spring', campaign_name: 'Spring', last_inbound_at: '2026-03-01T00:00:00.000Z', last_outbound_at: null, updated_at: null });
const recent = fakeConversation({ campaign_id: 'autumn', campaign_name: 'Autumn', last_inbound_at: '2026-10-01T00:00:00.000Z' });
const none = fakeConversation({ campaign_id: 'winter', campaign_name: 'Winter', last_inbound_at: null, last_outbound_at: null, updated_at: null });

describe('talent timeline selection', () => {
  it('lists the most recently active campaign first, those without mail last', () => {
    expect(orderTalentConversations([none, old, recent]).map((item) => item.campaign_id)).toEqual(['autumn', 'spring', 'winter']);
  });

  it("opens the URL's campaign, else the first listed", () => {
    const ordered = orderTalentConversations([none, old, recent]);
    expect(selectedConversation(ordered, 'spring')?.campaign_id).toBe('spring');
    expect(selectedConversation(ordered, 'unknown')?.campaign_id).toBe('autumn');
    expect(selectedConversation(ordered, null)?.campaign_id).toBe('autumn');
    expect(selectedConversation([], 'spring')).toBeUndefined();
  });

  it('builds the timeline address', () => {
    expect(talentTimelinePath('ana+pr@example.com')).toBe('/talents/ana%2Bpr%40example.com');
    expect(talentTimelinePath('ana@example.com', 'glow q1')).toBe('/talents/ana%40example.com?campaign=glow%20q1');
  });
});
