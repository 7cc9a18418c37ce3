import type { ContactsTracking } from '../api/contact-types';

/** The cached tracking data with one contact's flag set, and the counts moved to match. */
export const applyTrackingToggle = (data: ContactsTracking, email: string, enabled: boolean): ContactsTracking => {
  const contact = data.contacts[email];
  if (!contact || contact.tracking_enabled === enabled) return data;
  const delta = enabled ? 1 : -1;
  const campaign = contact.campaign_id ? data.by_campaign[contact.campaign_id] : undefined;
  return {
    contacts: { ...data.contacts, [email]: { ...contact, tracking_enabled: enabled } },
    summary: {
      ...data.summary,
      tracking_enabled: data.summary.tracking_enabled + delta,
      tracking_disabled: data.summary.tracking_disabled - delta,
    },
    by_campaign:
      campaign && contact.campaign_id
        ? {
            ...data.by_campaign,
            [contact.campaign_id]: { ...campaign, tracking: campaign.tracking + delta, disabled: campaign.disabled - delta },
          }
        : data.by_campaign,
  };
};
