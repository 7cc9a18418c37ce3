import type { Contact } from '../api/contact-types';

/** Unset fields do not filter. */
export type ContactFilters = { search?: string; campaign_id?: string; tracking?: boolean };

const includes = (value: string | null | undefined, needle: string) => (value ?? '').toLowerCase().includes(needle);

/** Search is case-insensitive on email, talent_name and email_owner; campaign and tracking match exactly. */
export const matchesFilters = (contact: Contact, { search, campaign_id, tracking }: ContactFilters): boolean => {
  const needle = search?.trim().toLowerCase() ?? '';
  if (needle && !includes(contact.email, needle) && !includes(contact.talent_name, needle) && !includes(contact.email_owner, needle)) {
    return false;
  }
  if (campaign_id !== undefined && contact.campaign_id !== campaign_id) return false;
  if (tracking !== undefined && contact.tracking_enabled !== tracking) return false;
  return true;
};

export const filterContacts = (contacts: readonly Contact[], filters: ContactFilters): Contact[] =>
  contacts.filter((contact) => matchesFilters(contact, filters));

/** The filter bar's select values, mapped to filters: 'all' means no filter. */
export type TrackingFilterValue = 'all' | 'tracking' | 'paused';

export const toContactFilters = (search: string, campaign: string, tracking: TrackingFilterValue): ContactFilters => ({
  search: search || undefined,
  campaign_id: campaign === 'all' ? undefined : campaign,
  tracking: tracking === 'all' ? undefined : tracking === 'tracking',
});
