import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../campaigns/api/campaign-types';
import type { Contact, ContactsTracking } from '../../contacts/api/contact-types';
import { testContact } from '../../../testing/contact-fakes';
import { campaignOptions, contactOptions, emptyDropdownText } from './dropdown-options';

const contact = (email: string, talent_name: string, tracking_enabled = true, campaign_id = 'c1'): Contact =>
  testContact({ email, talent_name, tracking: tracking_enabled, tracking_enabled, campaign_id, campaign_name: 'One', email_owner: '' });

const tracking = (contacts: Contact[]): ContactsTracking => ({
  contacts: Object.fromEntries(contacts.map((c) => [`${c.campaign_id}:${c.email}`, c])),
  summary: { total_contacts: 0, tracking_enabled: 0, tracking_disabled: 0, total_campaigns: 0 },
  by_campaign: {},
});

describe('contactOptions', () => {
  it('lists enabled contacts as "talent (email)" or the e-mail, sorted, once per e-mail across campaigns', () => {
    const options = contactOptions(
      tracking([contact('zed@x.test', 'Zed'), contact('zed@x.test', 'Zed', true, 'c2'), contact('amy@x.test', ''), contact('off@x.test', 'Off', false), contact('bo@x.test', 'bo')]),
    );
    expect(options).toEqual([
      { value: 'amy@x.test', label: 'amy@x.test' },
      { value: 'bo@x.test', label: 'bo (bo@x.test)' },
      { value: 'zed@x.test', label: 'Zed (zed@x.test)' },
    ]);
    expect(contactOptions(undefined)).toEqual([]);
  });
});

describe('campaignOptions', () => {
  it('lists campaigns as "id - name", sorted, without those being deleted', () => {
    const campaign = (campaign_id: string, campaign_name: string, status: Campaign['status'] = 'ready') =>
      ({ campaign_id, campaign_name, status }) as Campaign;
    expect(
      campaignOptions({ campaigns: [campaign('b-2', 'Beta'), campaign('a-1', 'Alpha'), campaign('x', 'Gone', 'deleting')], total: 3 }),
    ).toEqual([
      { value: 'a-1', label: 'a-1 - Alpha' },
      { value: 'b-2', label: 'b-2 - Beta' },
    ]);
  });
});

describe('emptyDropdownText', () => {
  it('pairs the empty text with the hint', () => {
    expect(emptyDropdownText('contacts')).toEqual({ text: 'No options available', hint: 'Add contacts to see them here' });
    expect(emptyDropdownText('campaigns')).toEqual({ text: 'No items available', hint: 'Create campaigns to see them here' });
    expect(emptyDropdownText('other')).toEqual({ text: 'No options available', hint: 'No options to display' });
  });
});
