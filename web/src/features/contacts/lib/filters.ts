import type { Contact } from '../api/contact-types';

/**
 * The list's campaign and tracking filters, over the contacts loaded. Unset fields do not filter.
 * The text search is the server's (api/search-contacts.ts): it finds contacts over every one of
 * the agency's, where a filter here could only see the pages loaded.
 */
export type ContactFilters = { campaign_id?: string; tracking?: boolean };

/** Campaign and tracking match exactly. */
export const matchesFilters = (contact: Contact, { campaign_id, tracking }: ContactFilters): boolean => {
  if (campaign_id !== undefined && contact.campaign_id !== campaign_id) return false;
  if (tracking !== undefined && contact.tracking_enabled !== tracking) return false;
  return true;
};

export const filterContacts = (contacts: readonly Contact[], filters: ContactFilters): Contact[] =>
  contacts.filter((contact) => matchesFilters(contact, filters));

/** The filter bar's select values, mapped to filters: 'all' means no filter. */
export type TrackingFilterValue = 'all' | 'tracking' | 'paused';

export const toContactFilters = (campaign: string, tracking: TrackingFilterValue): ContactFilters => ({
  campaign_id: campaign === 'all' ? undefined : campaign,
  tracking: tracking === 'all' ? undefined : tracking === 'tracking',
});
