import { describe, expect, it } from 'vitest';
import { applyTrackingToggle } from './tracking-cache';
import { testTracking } from '../../../testing/contact-fakes';

describe('applyTrackingToggle', () => {
  it('flips one campaign\'s contact (both readings of the flag) and moves the summary and campaign counts', () => {
    const before = testTracking();
    const after = applyTrackingToggle(before, { email: 'bo@talent.test', campaign_id: 'summer-25' }, true);
    expect(after.contacts['summer-25:bo@talent.test']).toMatchObject({ tracking: true, tracking_enabled: true });
    expect(after.summary).toEqual({ total_contacts: 5, tracking_enabled: 4, tracking_disabled: 1, total_campaigns: 2 });
    expect(after.by_campaign['summer-25']).toEqual({ campaign_name: 'Summer Launch', total: 2, tracking: 2, disabled: 0 });
    expect(before.contacts['summer-25:bo@talent.test']?.tracking_enabled).toBe(false);
  });

  it('leaves the talent\'s other campaigns alone when a campaign is named', () => {
    const after = applyTrackingToggle(testTracking(), { email: 'ana@talent.test', campaign_id: 'autumn' }, true);
    expect(after.contacts['autumn:ana@talent.test']?.tracking_enabled).toBe(true);
    expect(after.contacts['summer-25:ana@talent.test']?.tracking_enabled).toBe(true);
    expect(after.by_campaign.autumn).toEqual({ campaign_name: 'Autumn Drop', total: 2, tracking: 2, disabled: 0 });
    expect(after.by_campaign['summer-25']).toEqual(testTracking().by_campaign['summer-25']);
  });

  it('without a campaign, sets the e-mail in every campaign and counts only the ones that changed', () => {
    const after = applyTrackingToggle(testTracking(), { email: 'ana@talent.test' }, false);
    expect(after.contacts['summer-25:ana@talent.test']?.tracking_enabled).toBe(false);
    expect(after.contacts['autumn:ana@talent.test']?.tracking_enabled).toBe(false);
    expect(after.summary).toMatchObject({ tracking_enabled: 2, tracking_disabled: 3 });
    expect(after.by_campaign['summer-25']).toMatchObject({ tracking: 0, disabled: 2 });
    expect(after.by_campaign.autumn).toMatchObject({ tracking: 1, disabled: 1 });
  });

  it('leaves the data alone for an unknown contact or an unchanged flag', () => {
    const data = testTracking();
    expect(applyTrackingToggle(data, { email: 'ghost@x.test' }, true)).toBe(data);
    expect(applyTrackingToggle(data, { email: 'ana@talent.test', campaign_id: 'nope' }, false)).toBe(data);
    expect(applyTrackingToggle(data, { email: 'ana@talent.test', campaign_id: 'summer-25' }, true)).toBe(data);
  });

  it('handles a contact without a campaign', () => {
    const after = applyTrackingToggle(testTracking(), { email: 'dee@solo.test', campaign_id: '' }, false);
    expect(after.summary.tracking_enabled).toBe(2);
    expect(after.by_campaign).toEqual(testTracking().by_campaign);
  });
});
