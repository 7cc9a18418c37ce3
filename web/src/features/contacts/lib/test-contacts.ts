import type { Contact, ContactsTracking } from '../api/contact-types';

export const testContact = (overrides: Partial<Contact> = {}): Contact => ({
  email: 'ana@talent.test',
  campaign_id: 'summer-25',
  campaign_name: 'Summer Launch',
  tracking_enabled: true,
  talent_name: 'Ana Lima',
  email_owner: 'mgr@agency.test',
  ...overrides,
});

/** Three contacts in two campaigns plus one without a campaign, with consistent counts. */
export const testTracking = (): ContactsTracking => ({
  contacts: {
    'ana@talent.test': testContact(),
    'bo@talent.test': testContact({ email: 'bo@talent.test', talent_name: 'Bo Chen', email_owner: null, tracking_enabled: false }),
    'cy@talent.test': testContact({ email: 'cy@talent.test', talent_name: 'Cy', campaign_id: 'autumn', campaign_name: 'Autumn Drop' }),
    'dee@solo.test': testContact({ email: 'dee@solo.test', talent_name: null, campaign_id: null, campaign_name: null, email_owner: null }),
  },
  summary: { total_contacts: 4, tracking_enabled: 3, tracking_disabled: 1, total_campaigns: 2 },
  by_campaign: {
    'summer-25': { campaign_name: 'Summer Launch', total: 2, tracking: 1, disabled: 1 },
    autumn: { campaign_name: 'Autumn Drop', total: 1, tracking: 1, disabled: 0 },
  },
});
