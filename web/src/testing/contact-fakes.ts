import { contactJson, contactMapKey, trackingResponse } from '../../../shared/schemas/campaigns';
import type { z } from '../lib/zod';
import type { Contact, ContactsTracking } from '../features/contacts/api/contact-types';
import { combineTrackingPages } from '../features/contacts/api/get-contacts-tracking';
import { fakeData } from './fake-response';

/** A contact as the server answers it, read through the shared schema. */
export const testContact = (overrides: Partial<z.input<typeof contactJson>> = {}): Contact =>
  contactJson.parse({
    email: 'ana@talent.test',
    campaign_id: 'summer-25',
    campaign_name: 'Summer Launch',
    tracking: true,
    tracking_enabled: true,
    talent_name: 'Ana Lima',
    email_owner: 'mgr@agency.test',
    handle: '@analima',
    ...overrides,
  });

/** A tracking answer keyed as the server keys it (`campaign:email`). */
export const trackingOf = (contacts: Contact[], rest: Omit<z.input<typeof trackingResponse>, 'contacts'> = {}): ContactsTracking => {
  const parsed = fakeData(trackingResponse, {
    success: true,
    contacts: Object.fromEntries(contacts.map((contact) => [contactMapKey(contact.campaign_id, contact.email), contact])),
    ...rest,
  });
  return combineTrackingPages({ pages: [parsed], pageParams: [undefined] });
};

/**
 * Four contacts in two campaigns plus one whose campaign is unknown (''), with consistent counts;
 * Ana is in both campaigns (the same talent booked twice).
 */
export const testTracking = (): ContactsTracking =>
  trackingOf(
    [
      testContact(),
      testContact({ email: 'bo@talent.test', talent_name: 'Bo Chen', email_owner: '', handle: '', tracking: false, tracking_enabled: false }),
      testContact({ email: 'cy@talent.test', talent_name: 'Cy', campaign_id: 'autumn', campaign_name: 'Autumn Drop', handle: '' }),
      testContact({ campaign_id: 'autumn', campaign_name: 'Autumn Drop', email_owner: '', tracking: false, tracking_enabled: false }),
      testContact({ email: 'dee@solo.test', talent_name: '', campaign_id: '', campaign_name: '', email_owner: '', handle: '' }),
    ],
    {
      summary: { total_contacts: 5, tracking_enabled: 3, tracking_disabled: 2, total_campaigns: 2 },
      by_campaign: {
        'summer-25': { campaign_name: 'Summer Launch', total: 2, tracking: 1, disabled: 1 },
        autumn: { campaign_name: 'Autumn Drop', total: 2, tracking: 1, disabled: 1 },
      },
    },
  );
