import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { CampaignTracking, Contact, ContactsTracking, TrackingSummary } from './contact-types';

type RawContact = Partial<Contact> & { email?: string; tracking?: boolean };

type RawTracking = {
  contacts?: Record<string, RawContact>;
  summary?: Partial<TrackingSummary>;
  by_campaign?: Record<string, Partial<CampaignTracking>>;
};

/** Accepts both readings of the flag (tracking_enabled or tracking) and fills missing fields. */
export const normalizeContact = (key: string, raw: RawContact): Contact => ({
  email: raw.email || key,
  campaign_id: raw.campaign_id || null,
  campaign_name: raw.campaign_name || null,
  tracking_enabled: raw.tracking_enabled ?? raw.tracking ?? false,
  talent_name: raw.talent_name || null,
  email_owner: raw.email_owner || null,
});

export const normalizeTracking = (raw: RawTracking): ContactsTracking => {
  const contacts = Object.fromEntries(
    Object.entries(raw.contacts ?? {}).map(([key, value]) => {
      const contact = normalizeContact(key, value);
      return [contact.email, contact];
    }),
  );
  const list = Object.values(contacts);
  const enabled = list.filter((contact) => contact.tracking_enabled).length;
  const byCampaign = Object.fromEntries(
    Object.entries(raw.by_campaign ?? {}).map(([id, value]) => [
      id,
      { campaign_name: value.campaign_name ?? '', total: value.total ?? 0, tracking: value.tracking ?? 0, disabled: value.disabled ?? 0 },
    ]),
  );
  return {
    contacts,
    summary: {
      total_contacts: raw.summary?.total_contacts ?? list.length,
      tracking_enabled: raw.summary?.tracking_enabled ?? enabled,
      tracking_disabled: raw.summary?.tracking_disabled ?? list.length - enabled,
      total_campaigns: raw.summary?.total_campaigns ?? Object.keys(byCampaign).length,
    },
    by_campaign: byCampaign,
  };
};

export const getContactsTracking = async ({ signal }: { signal?: AbortSignal } = {}): Promise<ContactsTracking> =>
  normalizeTracking(await api.get<RawTracking>('/api/campaigns/contacts/tracking', { signal }));

export const contactsTrackingQueryOptions = () =>
  queryOptions({
    queryKey: contactKeys.tracking(),
    queryFn: ({ signal }) => getContactsTracking({ signal }),
  });

export const useContactsTracking = () => useQuery(contactsTrackingQueryOptions());
