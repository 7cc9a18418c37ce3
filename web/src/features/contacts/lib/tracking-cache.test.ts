import { describe, expect, it } from 'vitest';
import { applyTrackingToggle } from './tracking-cache';
import { testTracking } from './test-contacts';

describe('applyTrackingToggle', () => {
  it('flips the contact and moves the summary and campaign counts', () => {
    const before = testTracking();
    const after = applyTrackingToggle(before, 'bo@talent.test', true);
    expect(after.contacts['bo@talent.test']?.tracking_enabled).toBe(true);
    expect(after.summary).toEqual({ total_contacts: 4, tracking_enabled: 4, tracking_disabled: 0, total_campaigns: 2 });
    expect(after.by_campaign['summer-25']).toEqual({ campaign_name: 'Summer Launch', total: 2, tracking: 2, disabled: 0 });
    expect(before.contacts['bo@talent.test']?.tracking_enabled).toBe(false);
  });

  it('leaves the data alone for an unknown contact or an unchanged flag', () => {
    const data = testTracking();
    expect(applyTrackingToggle(data, 'ghost@x.test', true)).toBe(data);
    expect(applyTrackingToggle(data, 'ana@talent.test', true)).toBe(data);
  });

  it('handles a contact without a campaign', () => {
    const after = applyTrackingToggle(testTracking(), 'dee@solo.test', false);
    expect(after.summary.tracking_enabled).toBe(2);
    expect(after.by_campaign).toEqual(testTracking().by_campaign);
  });
});
